import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { isErrorBody, type Message, type MessageReply, type MessageRequest } from '@fluent/contracts';
import { requestIdHeaders } from '@fluent/server-kit';
import { config } from '../../config';
import { natsClientRequestDuration } from '../../metrics/gateway-metrics';
import { isNoResponders, isTimeout, type RequestTransport } from './nats-requester';
import { NATS_TRANSPORT } from './rpc.constants';
import { RpcTimeoutException } from './rpc-timeout';
import { responseBytesOf, type JsonBytes } from './nest-reply';

const encoder = new TextEncoder();

/** A message without a request schema is sent as `{}` and takes the options first. */
const dataAndOptions = (message: Message, args: unknown[]): [unknown, SendOptions] =>
  message.request === undefined ? [{}, (args[0] ?? {}) as SendOptions] : [args[0], (args[1] ?? {}) as SendOptions];
const decoder = new TextDecoder();

/** The reply of a Nest NATS microservice (its ServerNats): the handler's value, or its error. */
interface NestReply {
  response?: unknown;
  err?: unknown;
}

export interface SendOptions {
  /** The HTTP request this call serves (request.id): sent as the NATS header `x-request-id`. */
  requestId?: string;
  /** How long to wait for the answer; NATS_REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

/** What follows the message in a call: its request (when the message has one), then the options. */
export type SendArgs<M extends Message> = M['request'] extends undefined ? [options?: SendOptions] : [data: MessageRequest<M>, options?: SendOptions];

/**
 * Request/reply to the services over NATS, in the message format of Nest's NATS transport (which
 * the services listen with): `{pattern, data, id}` out, `{response | err, isDisposed, id}` back.
 * Every call has a deadline, and the services' {statusCode, message} errors become HTTP errors.
 * The request id goes in the message's headers; each call is timed by pattern and outcome.
 * Each call names a message of libs/contracts, whose request type its data must have and whose
 * reply type it answers: nothing is parsed against the schemas here (the service validates).
 * A read-only message is hedged: sent again to another replica when its answer is slow
 * (NATS_HEDGE_AFTER_MS; see NatsRequester), so a read held by a replica that died is not lost.
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

  /** The service's answer, parsed. */
  async send<M extends Message>(message: M, ...args: SendArgs<M>): Promise<MessageReply<M>> {
    const [data, options] = dataAndOptions(message, args);
    return (await this.call(message, data, options, false)) as MessageReply<M>;
  }

  /**
   * The service's answer as the JSON bytes it wrote, for a route that answers with it unchanged:
   * the hot routes' replies are neither parsed nor encoded again here (see responseBytesOf).
   * Errors are the same as send's.
   */
  async relay<M extends Message>(message: M, ...args: SendArgs<M>): Promise<JsonBytes<MessageReply<M>>> {
    const [data, options] = dataAndOptions(message, args);
    return (await this.call(message, data, options, true)) as JsonBytes<MessageReply<M>>;
  }

  private async call({ pattern, readOnly }: Message, data: unknown, options: SendOptions, asBytes: boolean): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? config.NATS_REQUEST_TIMEOUT_MS;
    // Only a message libs/contracts declares read-only is ever sent twice (see MessageKind).
    const hedgeAfterMs = readOnly ? config.NATS_HEDGE_AFTER_MS : 0;
    const id = String((this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER));
    // Nest's server takes a message without an id for an event and never answers it.
    const packet = encoder.encode(JSON.stringify({ pattern, data: data ?? {}, id }));
    const started = performance.now();
    const done = (status: number) => natsClientRequestDuration.observe({ pattern, status: String(status) }, (performance.now() - started) / 1000);
    const fail = (error: unknown): never => {
      const failure = this.toHttpError(pattern, error, timeoutMs, options.requestId);
      done(failure.getStatus());
      throw failure;
    };
    let bytes: Uint8Array;
    try {
      bytes = await this.transport.request(pattern, packet, timeoutMs, requestIdHeaders(options.requestId ?? ''), hedgeAfterMs);
    } catch (error) {
      return fail(error);
    }
    const response = asBytes ? responseBytesOf(bytes, id) : undefined;
    if (response) {
      done(HttpStatus.OK);
      return response;
    }
    let reply: NestReply;
    try {
      reply = JSON.parse(decoder.decode(bytes)) as NestReply;
    } catch (error) {
      return fail(error);
    }
    if (reply.err !== undefined && reply.err !== null) return fail(reply.err);
    done(HttpStatus.OK);
    return asBytes ? Buffer.from(JSON.stringify(reply.response) ?? 'null') : reply.response;
  }

  /**
   * Callers see a status and a generic message; the subject (an internal name) goes to the log
   * only, with the request id, so answers never map out the services behind the gateway.
   */
  private toHttpError(pattern: string, error: unknown, timeoutMs: number, requestId?: string): HttpException {
    if (isTimeout(error)) {
      this.logger.warn({ requestId, msg: `${pattern} did not answer within ${timeoutMs} ms` });
      return new RpcTimeoutException();
    }
    if (isErrorBody(error)) return new HttpException(error, error.statusCode);
    if (isNoResponders(error)) this.logger.error({ requestId, msg: `${pattern}: no replica of the service is listening` });
    else this.logger.error({ requestId, msg: `${pattern} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}` });
    return new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'A backend service is unavailable' }, HttpStatus.SERVICE_UNAVAILABLE);
  }
}
