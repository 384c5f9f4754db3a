import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { attemptSubmittedEventSchema, Durables, EventStreams, type AttemptSubmittedEvent } from '@fluent/contracts';
import { DurableEventConsumer } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { FeedbackPreparer } from '../feedback/feedback-preparer.service';

/**
 * feedback-service's durable consumer of attempt.submitted: its position survives restarts, so
 * attempts stored while this service (or LanguageTool) was down get their feedback once it is
 * back. A failed preparation is retried for about 45 minutes (LanguageTool restarting, the
 * database away), then dead-lettered. Two events at a time, each a few seconds at most: well
 * inside the 60 s ack wait.
 */
@Injectable()
export class AttemptSubmittedConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<AttemptSubmittedEvent>;

  constructor(preparer: FeedbackPreparer) {
    this.consumer = new DurableEventConsumer({
      service: SERVICE_NAME,
      url: config.NATS_URL,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      stream: EventStreams.attempts,
      durable: Durables.feedbackAttempts,
      schema: attemptSubmittedEventSchema,
      handle: (event) => preparer.prepare(event),
      // Its tries and ack wait are the consumer's own (fluentJetStreamTopology): about 45 minutes.
      consume: { maxMessages: 2 },
      logger: new Logger(AttemptSubmittedConsumer.name),
    });
  }

  onApplicationBootstrap(): void {
    this.consumer.start();
  }

  /** Lets the attempt in hand finish and ack before the database closes. */
  beforeApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
