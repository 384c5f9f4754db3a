import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Logger } from 'nestjs-pino';
import pino from 'pino';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Server } from 'node:http';
import { waitForDatabase } from '../database/database';
import { startProbeServer } from '../health/probe-server';
import { natsServerOptions } from '../nats/connection-options';
import { GracefulNatsServer } from '../nats/graceful-nats-server';
import { RpcErrorFilter } from '../nats/rpc-errors';
import { startProcessMetrics } from '../metrics/metrics';
import { serviceRoot } from './service-root';
import { listenForShutdown } from './shutdown-signals';

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
