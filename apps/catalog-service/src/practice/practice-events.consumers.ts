import { Durables, EventStreams, attemptSubmittedEventSchema, feedbackReadyEventSchema, type AttemptSubmittedEvent, type FeedbackReadyEvent } from '@fluent/contracts';
import { durableConsumerProvider } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PracticeService } from './practice.service';

/**
 * catalog-service's durable consumer of attempt.submitted: the attempt's missed items and mistyped
 * words become practice cards. Idempotent (an upsert per card key), so a redelivery creates nothing twice.
 */
export const practiceAttemptsConsumer = durableConsumerProvider<AttemptSubmittedEvent, [PracticeService]>({
  service: SERVICE_NAME,
  config,
  stream: EventStreams.attempts,
  durable: Durables.practiceAttempts,
  schema: attemptSubmittedEventSchema,
  inject: [PracticeService],
  handler: (practice) => (event) => practice.fromAttempt(event),
  name: 'PracticeAttemptsConsumer',
});

/** The durable consumer of feedback.ready: the sentences with issues become cards (idempotent alike). */
export const practiceFeedbackConsumer = durableConsumerProvider<FeedbackReadyEvent, [PracticeService]>({
  service: SERVICE_NAME,
  config,
  stream: EventStreams.feedback,
  durable: Durables.practiceFeedback,
  schema: feedbackReadyEventSchema,
  inject: [PracticeService],
  handler: (practice) => (event) => practice.fromFeedback(event),
  name: 'PracticeFeedbackConsumer',
});
