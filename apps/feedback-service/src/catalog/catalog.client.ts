import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { CatalogInternalMessages, isErrorBody, type AttemptWriting, type MessageRequest } from '@fluent/contracts';
import { requestIdHeaders } from '@fluent/server-kit';
import { config } from '../config';
import { CATALOG_CLIENT } from './catalog.constants';

/** Thrown when catalog-service answers that the attempt is unknown (or not this learner's). */
export class AttemptNotFoundError extends Error {}

/** catalog-service over NATS request/reply: an attempt's texts, originals and section tallies. */
@Injectable()
export class CatalogClient implements OnModuleDestroy {
  constructor(@Inject(CATALOG_CLIENT) private readonly client: ClientProxy) {}

  async attemptWriting(attemptId: string, uid?: string): Promise<AttemptWriting> {
    const { pattern } = CatalogInternalMessages.attemptWriting;
    const request: MessageRequest<typeof CatalogInternalMessages.attemptWriting> = { attemptId, uid };
    try {
      return await firstValueFrom(this.client.send<AttemptWriting>(pattern, this.record(request)).pipe(timeout(config.NATS_REQUEST_TIMEOUT_MS)));
    } catch (error) {
      if (isErrorBody(error) && error.statusCode === 404) throw new AttemptNotFoundError(error.message);
      throw error;
    }
  }

  /** The payload, with the request id of the event being handled in its headers (catalog-service logs it). */
  private record(data: unknown): unknown {
    const headers = requestIdHeaders();
    return headers ? new NatsRecordBuilder(data).setHeaders(headers).build() : data;
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }
}
