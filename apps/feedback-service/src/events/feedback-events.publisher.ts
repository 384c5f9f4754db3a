import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventSubjects, type FeedbackReadyEvent } from '@fluent/contracts';
import { EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';

/** `feedback.ready` on JetStream, the attempt id as message id (a repeat is dropped by the stream). */
@Injectable()
export class FeedbackEvents implements OnModuleDestroy {
  private readonly publisher = EventPublisher.forService(SERVICE_NAME, config);

  async ready(event: FeedbackReadyEvent): Promise<void> {
    await this.publisher.publish(EventSubjects.feedbackReady, event, event.attemptId);
  }

  onModuleDestroy(): Promise<void> {
    return this.publisher.close();
  }
}
