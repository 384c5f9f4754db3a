import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { connect as natsConnect, JSONCodec, type ConnectionOptions, type Msg, type NatsConnection, type Subscription } from 'nats';
import type { ReplicaBroadcast } from '../cache/shared-cache';
import { retryWithBackoff, type RetryLogger } from '../resilience/retry';
import { natsHandledRequests } from '../metrics/metrics';
import { REQUEST_ID_HEADER, withRequestId } from '../logging/request-context';
import { MalformedRequestError, RequestPacketDeserializer } from './request-packet';

type ConnectFn = (options: ConnectionOptions) => Promise<NatsConnection>;

const replyCodec = JSONCodec<unknown>();

/** The status a reply in Nest's format answers: the error's statusCode, 500 for any other error, else 200. */
function replyStatus(packet: { err?: unknown }): number {
  if (packet.err === undefined || packet.err === null) return 200;
  const status = (packet.err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : 500;
}

/**
 * Nest's NATS transport with these changes:
 *
 * - the first connection is retried with backoff (logged) instead of failing `listen()`, so a
 *   service started before NATS waits for it;
 * - `close()` is graceful: it unsubscribes (no new requests reach this replica; the queue group
 *   hands them to the others), waits for the handlers already running to reply, then drains the
 *   connection so those replies are flushed before it closes;
 * - a message that is not a request in Nest's format (not JSON, too big, no id) is answered with
 *   a 400 or 413 error reply instead of a rejected promise nobody handles (which ends the process),
 *   and a message nobody can receive an answer to (no reply subject) is dropped with a warning;
 * - each request runs in the context of its `x-request-id` header (every log line written while
 *   handling it carries the id) and is counted in the `fluent_nats_request_duration_seconds`
 *   histogram by pattern and answered status.
 */
export class GracefulNatsServer extends ServerNats implements ReplicaBroadcast {
  private readonly inFlight = new Set<unknown>();
  private readonly broadcastHandlers = new Map<string, Array<(data: string) => void>>();
  private readonly reconnectHandlers: Array<() => void> = [];
  private connection?: NatsConnection;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly ownSubscriptions: Subscription[] = [];
  private readonly stopConnecting = new AbortController();
  private closing?: Promise<void>;

  constructor(
    private readonly natsOptions: NonNullable<NatsOptions['options']>,
    private readonly deps: { connect?: ConnectFn; initialDelayMs?: number; maxDelayMs?: number; maxRequestBytes?: number } = {},
  ) {
    super({ ...natsOptions, deserializer: new RequestPacketDeserializer(deps.maxRequestBytes) });
    // Nest calls these around every request and event handler (the end hook when the reply is sent).
    this.setOnProcessingStartHook((_transport, context, done) => {
      this.inFlight.add(context);
      return done().catch((error: unknown) => {
        this.finished(context);
        throw error;
      });
    });
    this.setOnProcessingEndHook((_transport, context) => this.finished(context));
  }

  /** Handlers started and not yet answered. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    const connect = this.deps.connect ?? natsConnect;
    const { servers = 'nats://127.0.0.1:4222' } = this.natsOptions as ConnectionOptions;
    return retryWithBackoff(() => connect({ ...(this.natsOptions as ConnectionOptions), servers }), {
      what: `NATS at ${String(servers)}`,
      log: this.logger as RetryLogger,
      initialDelayMs: this.deps.initialDelayMs,
      maxDelayMs: this.deps.maxDelayMs,
      signal: this.stopConnecting.signal,
    });
  }

  override async handleMessage(channel: string, message: Msg): Promise<void> {
    if (!message.reply) {
      this.logger.warn(`Dropped a message on ${message.subject} that has no reply subject (every service subject is request/reply)`);
      return;
    }
    await withRequestId(message.headers?.get(REQUEST_ID_HEADER), async () => {
      try {
        await super.handleMessage(channel, message);
      } catch (error) {
        const refused = error instanceof MalformedRequestError;
        if (refused) this.logger.warn(`Refused a request on ${message.subject}: ${error.message}`);
        else this.logger.error(`A request on ${message.subject} failed before its handler: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        const err = refused ? { statusCode: error.statusCode, message: error.message } : { statusCode: 500, message: 'Internal server error' };
        natsHandledRequests.observe({ pattern: channel, status: String(err.statusCode) }, 0);
        message.respond(replyCodec.encode({ err, isDisposed: true, id: null }));
      }
    });
  }

  /** Nest's reply function for one request, timing it from here (just after its packet was read) to the final reply. */
  override getPublisher(message: Msg, id: string, context: Parameters<ServerNats['getPublisher']>[2]): (response: { err?: unknown; isDisposed?: boolean }) => unknown {
    const publish = super.getPublisher(message, id, context) as (response: unknown) => unknown;
    const started = performance.now();
    const pattern = message.subject;
    return (response) => {
      if (response.isDisposed) natsHandledRequests.observe({ pattern, status: String(replyStatus(response)) }, (performance.now() - started) / 1000);
      return publish(response);
    };
  }

  /** `replicas.<service>.<topic>`: every replica of this service listens, without a queue group. */
  private broadcastSubject(topic: string): string {
    return `replicas.${String((this.natsOptions as { queue?: string }).queue)}.${topic}`;
  }

  publish(topic: string, data: string): void {
    if (!this.connection) return; // not connected yet: nothing can have been cached from a request
    this.connection.publish(this.broadcastSubject(topic), data);
  }

  subscribe(topic: string, handler: (data: string) => void): void {
    const handlers = this.broadcastHandlers.get(topic) ?? [];
    handlers.push(handler);
    this.broadcastHandlers.set(topic, handlers);
    if (this.connection && handlers.length === 1) this.listenToBroadcast(this.connection, topic);
  }

  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  private listenToBroadcast(client: NatsConnection, topic: string): void {
    const subscription = client.subscribe(this.broadcastSubject(topic), {
      callback: (error, message) => {
        if (error) return;
        for (const handler of this.broadcastHandlers.get(topic) ?? []) handler(message.string());
      },
    });
    this.ownSubscriptions.push(subscription);
  }

  private async watchReconnects(client: NatsConnection): Promise<void> {
    for await (const status of client.status()) {
      if (status.type === 'reconnect') for (const handler of this.reconnectHandlers) handler();
    }
  }

  override bindEvents(client: NatsConnection): void {
    this.connection = client;
    for (const topic of this.broadcastHandlers.keys()) this.listenToBroadcast(client, topic);
    void this.watchReconnects(client).catch(() => undefined);
    // Keep the subscriptions Nest makes, to unsubscribe them first on close.
    const recording = {
      subscribe: (subject: string, opts?: Parameters<NatsConnection['subscribe']>[1]) => {
        const subscription = client.subscribe(subject, opts);
        this.ownSubscriptions.push(subscription);
        return subscription;
      },
    };
    super.bindEvents(recording);
  }

  override close(timeoutMs = 20_000): Promise<void> {
    this.closing ??= this.closeGracefully(timeoutMs);
    return this.closing;
  }

  private async closeGracefully(timeoutMs: number): Promise<void> {
    this.stopConnecting.abort();
    let connection: NatsConnection | undefined;
    try {
      connection = this.unwrap<NatsConnection>();
    } catch {
      connection = undefined; // never connected
    }
    if (connection && !connection.isClosed()) {
      await Promise.all(this.ownSubscriptions.splice(0).map((s) => s.drain().catch(() => undefined)));
      // A message read just before the unsubscribe reaches its handler after a microtask or two.
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await this.waitForIdle(timeoutMs))) {
        this.logger.warn(`Closing with ${this.inFlight.size} handler(s) still running after ${timeoutMs} ms`);
      }
      await connection.drain().catch(() => undefined);
    }
    await super.close();
  }

  private finished(context: unknown): void {
    this.inFlight.delete(context);
    if (this.inFlight.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private waitForIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
