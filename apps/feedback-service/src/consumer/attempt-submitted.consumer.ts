import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { attemptSubmittedEventSchema, EventSubjects, type AttemptSubmittedEvent } from '@fluent/contracts';
import { DurableEventConsumer, MUST_APPLY_RETRIES } from '@fluent/server-kit';
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
      durable: config.ATTEMPT_CONSUMER,
      subject: EventSubjects.attemptSubmitted,
      schema: attemptSubmittedEventSchema,
      handle: (event) => preparer.prepare(event),
      consume: { ...MUST_APPLY_RETRIES, ackWaitMs: 60_000, maxMessages: 2 },
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
