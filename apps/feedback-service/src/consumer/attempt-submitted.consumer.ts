import { attemptSubmittedEventSchema, Durables, EventStreams } from '@fluent/contracts';
import { durableConsumerProvider } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { FeedbackPreparer } from '../feedback/feedback-preparer.service';

/**
 * feedback-service's durable consumer of attempt.submitted: its position survives restarts, so
 * attempts stored while this service (or LanguageTool) was down get their feedback once it is
 * back. A failed preparation is retried for about 45 minutes (LanguageTool restarting, the
 * database away), then dead-lettered. Two events at a time, each a few seconds at most: well
 * inside the 60 s ack wait.
 */
export const attemptSubmittedConsumer = durableConsumerProvider({
  service: SERVICE_NAME,
  config,
  stream: EventStreams.attempts,
  durable: Durables.feedbackAttempts,
  schema: attemptSubmittedEventSchema,
  inject: [FeedbackPreparer],
  handler: (preparer: FeedbackPreparer) => (event) => preparer.prepare(event),
  // Its tries and ack wait are the consumer's own (fluentJetStreamTopology): about 45 minutes.
  consume: { maxMessages: 2 },
  name: 'AttemptSubmittedConsumer',
});
