import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventSubjects, type JumbledOrderAcceptedEvent } from '@fluent/contracts';
import { EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';

/**
 * `attempt.jumbledOrderAccepted` on JetStream, with `jumbled:<itemId>:<order>` as message id (an
 * operator sending the same decision again publishes again; JetStream drops the repeat within its
 * window, and the rescoring is idempotent beyond it). Awaited: the operator learns when it failed.
 */
@Injectable()
export class JumbledOrderEvents implements OnModuleDestroy {
  private readonly publisher = EventPublisher.forService(SERVICE_NAME, config);

  async accepted(event: JumbledOrderAcceptedEvent): Promise<void> {
    await this.publisher.publish(EventSubjects.jumbledOrderAccepted, event, `jumbled:${event.itemId}:${event.order}`);
  }

  onModuleDestroy(): Promise<void> {
    return this.publisher.close();
  }
}
