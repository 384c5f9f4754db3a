import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { connect as natsConnect, JSONCodec, type ConnectionOptions, type Msg, type NatsConnection, type Subscription } from 'nats';
import type { ReplicaBroadcast } from './cache/shared-cache';
import { Logger } from 'nestjs-pino';
import pino from 'pino';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Server } from 'node:http';
import { waitForDatabase } from './database';
import { startProbeServer } from './probe-server';
import { natsServerOptions } from './nats';
import { retryWithBackoff, type RetryLogger } from './retry';
import { RpcErrorFilter } from './rpc-errors';
import { natsHandledRequests, startProcessMetrics } from './metrics';
import { REQUEST_ID_HEADER, withRequestId } from './request-context';
import { MalformedRequestError, RequestPacketDeserializer } from './request-packet';

export interface ServiceBootstrapOptions {
  /** The service's database: start-up waits (with backoff, logged) until it answers. */
  databaseUri?: string;
  /** Level of the start-up log lines written before Nest's logger exists. */
  logLevel?: string;
  /** How long SIGTERM waits for in-flight handlers before closing anyway. */
  shutdownTimeoutMs?: number;
  /** Serve the liveness and readiness probes and /metrics on this port (see startProbeServer); unset: none. */
  healthPort?: number;
  /** The probe server's address (every interface by default). */
  healthHost?: string;
}

/**
 * Boots a NATS microservice: structured logger, the RPC error filter, and a life cycle that
 * Kubernetes can rely on:
 *
 * - start-up waits for the database and for NATS (retrying with backoff, every failure logged)
 *   instead of crashing when they come up after the service;
 * - SIGTERM/SIGINT first stop taking requests, let in-flight handlers finish and their replies
 *   go out (NATS drain), and only then run Nest's shutdown hooks (which close the database).
 *
 * Nest's own `enableShutdownHooks()` is not used: on a signal it runs `onModuleDestroy` hooks before
 * it closes the transport, and its NATS transport then closes the connection (no drain) without
 * waiting for handlers still running.
 */
export async function bootstrapService(
  service: string,
  module: Type<unknown>,
  natsUrl: string,
  options: ServiceBootstrapOptions = {},
): Promise<void> {
  const early = pino({ base: { service }, level: options.logLevel ?? 'info' });
  startProcessMetrics(service);
  const shutdown = new AbortController();
  const server = new GracefulNatsServer(natsServerOptions(service, natsUrl).options ?? {});
  let app: INestMicroservice | undefined;
  let listening = false;
  // Alive from the first moment (waiting for the database is not a reason to restart); ready once
  // Nest listens and while NATS and the database are connected, never once shutting down.
  let probes: Server | undefined;
  listenForShutdown(
    async () => {
      shutdown.abort();
      probes?.close();
      await server.close(options.shutdownTimeoutMs);
      await app?.close();
    },
    { log: early, timeoutMs: (options.shutdownTimeoutMs ?? 20_000) + 5_000 },
  );
  try {
    if (options.healthPort !== undefined) {
      probes = await startProbeServer(options.healthPort, () => !shutdown.signal.aborted && listening && connected(server, app), options.healthHost);
    }
    if (options.databaseUri) await waitForDatabase(options.databaseUri, { log: early, signal: shutdown.signal });
    if (shutdown.signal.aborted) return;
    app = await NestFactory.createMicroservice(serviceRoot(module, server), { strategy: server, bufferLogs: true });
    app.useLogger(app.get(Logger));
    // Write what was buffered while Nest built the modules, and log directly from now on: otherwise
    // the NATS retries below would only appear once NATS is reachable.
    app.flushLogs();
    app.useGlobalFilters(new RpcErrorFilter());
    await app.listen();
    listening = true;
    app.get(Logger).log(`${service} listening on ${natsUrl}`);
  } catch (error) {
    if (shutdown.signal.aborted) return;
    early.fatal({ err: error }, `${service} failed to start`);
    process.exit(1);
  }
}

/** The service's transport as a ReplicaBroadcast (see SharedCache), for any provider to inject. */
export const REPLICA_BROADCAST = Symbol('REPLICA_BROADCAST');

class ServiceRoot {}

/** The service's module under a global root that provides what bootstrapService owns. */
export function serviceRoot(module: Type<unknown>, broadcast: ReplicaBroadcast): DynamicModule {
  return { module: ServiceRoot, global: true, imports: [module], providers: [{ provide: REPLICA_BROADCAST, useValue: broadcast }], exports: [REPLICA_BROADCAST] };
}

/** NATS is connected (not closed or draining) and, where the service has one, so is its database. */
function connected(server: GracefulNatsServer, app: INestMicroservice | undefined): boolean {
  let nats: NatsConnection;
  try {
    nats = server.unwrap<NatsConnection>();
  } catch {
    return false;
  }
  if (nats.isClosed() || nats.isDraining()) return false;
  const database = app?.get<Connection | undefined>(getConnectionToken(), { strict: false });
  return database === undefined || database.readyState === 1;
}

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

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT (Kubernetes stops pods with SIGTERM), then
 * exits: 0 when it completed, 1 when it failed or took longer than `timeoutMs`.
 */
export function listenForShutdown(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  options: { log: RetryLogger & { error(message: string): unknown }; timeoutMs?: number },
): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    (options.log.log ?? options.log.info)?.call(options.log, `${signal} received: shutting down`);
    const timer = setTimeout(() => {
      options.log.error(`Shutdown took longer than ${options.timeoutMs} ms; exiting`);
      process.exit(1);
    }, options.timeoutMs ?? 25_000);
    timer.unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        options.log.error(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal while shutting down is ignored rather than killing the process.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
