import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { isErrorBody } from '@fluent/contracts';
import { config } from '../../config';
import { isNoResponders, isTimeout, type RequestTransport } from './nats-requester';
import { NATS_TRANSPORT } from './rpc.constants';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The reply of a Nest NATS microservice (its ServerNats): the handler's value, or its error. */
interface NestReply {
  response?: unknown;
  err?: unknown;
}

/**
 * Request/reply to the services over NATS, in the message format of Nest's NATS transport (which
 * the services listen with): `{pattern, data, id}` out, `{response | err, isDisposed, id}` back.
 * Every call has a deadline, and the services' {statusCode, message} errors become HTTP errors.
 */
@Injectable()
export class RpcClient implements OnModuleDestroy {
  private readonly logger = new Logger(RpcClient.name);
  private nextId = 0;

  constructor(@Inject(NATS_TRANSPORT) private readonly transport: RequestTransport) {}

  isConnected(): boolean {
    return this.transport.isConnected();
  }

  /** Replies still on their way arrive; then the connection closes (see shutdown.ts). */
  drain(): Promise<void> {
    return this.transport.drain();
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.drain().catch(() => undefined);
  }

  async send<T>(pattern: string, data: unknown, timeoutMs = config.NATS_REQUEST_TIMEOUT_MS): Promise<T> {
    // Nest's server takes a message without an id for an event and never answers it.
    const packet = encoder.encode(JSON.stringify({ pattern, data: data ?? {}, id: String((this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER)) }));
    let reply: NestReply;
    try {
      reply = JSON.parse(decoder.decode(await this.transport.request(pattern, packet, timeoutMs))) as NestReply;
    } catch (error) {
      throw this.toHttpError(pattern, error, timeoutMs);
    }
    if (reply.err !== undefined && reply.err !== null) throw this.toHttpError(pattern, reply.err, timeoutMs);
    return reply.response as T;
  }

  /**
   * Callers see a status and a generic message; the subject (an internal name) goes to the log
   * only, so answers never map out the services behind the gateway.
   */
  private toHttpError(pattern: string, error: unknown, timeoutMs: number): HttpException {
    if (isTimeout(error)) {
      this.logger.warn(`${pattern} did not answer within ${timeoutMs} ms`);
      return new HttpException(
        { statusCode: HttpStatus.GATEWAY_TIMEOUT, message: 'A service did not answer in time. Please try again.' },
        HttpStatus.GATEWAY_TIMEOUT,
      );
    }
    if (isErrorBody(error)) return new HttpException(error, error.statusCode);
    if (isNoResponders(error)) this.logger.error(`${pattern}: no replica of the service is listening`);
    else this.logger.error(`${pattern} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    return new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'A backend service is unavailable' }, HttpStatus.SERVICE_UNAVAILABLE);
  }
}
