import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EventSubjects, type AttemptSubmittedEvent } from '@fluent/contracts';
import { abortableSleep, backoffDelay, EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';

/** How long a stored attempt's event is retried while JetStream is away (in this process). */
const RETRY_FOR_MS = 30 * 60 * 1000;

/**
 * `attempt.submitted` on JetStream once an attempt is stored, with the attempt id as message id (a
 * retried submission publishes again and JetStream drops the repeat). The learner never waits for
 * it: the results are answered at once, and a publish that fails is retried in the background with
 * growing pauses for up to 30 minutes. What it cannot cover is this process stopping meanwhile:
 * that attempt then gets no feedback (docs/architecture.md#writing-feedback).
 */
@Injectable()
export class AttemptEvents implements OnModuleDestroy {
  private readonly logger = new Logger(AttemptEvents.name);
  private readonly stopping = new AbortController();
  private readonly publisher: EventPublisher;

  constructor() {
    this.publisher = EventPublisher.forService(SERVICE_NAME, config);
  }

  /** Starts publishing; never throws and never makes the caller wait. */
  submitted(event: AttemptSubmittedEvent): void {
    void this.publishWithRetries(event);
  }

  private async publishWithRetries(event: AttemptSubmittedEvent): Promise<void> {
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; !this.stopping.signal.aborted; attempt += 1) {
      try {
        await this.publisher.publish(EventSubjects.attemptSubmitted, event, event.attemptId);
        return;
      } catch (error) {
        if (Date.now() > until) {
          this.logger.error(`attempt.submitted for ${event.attemptId} could not be published for 30 minutes; giving up: ${String(error)}`);
          return;
        }
        const delay = backoffDelay(attempt, 1000, 60_000);
        this.logger.warn(`attempt.submitted for ${event.attemptId} not published (${String(error)}); retrying in ${delay} ms`);
        await abortableSleep(delay, this.stopping.signal).catch(() => undefined);
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.publisher.close();
  }
}
