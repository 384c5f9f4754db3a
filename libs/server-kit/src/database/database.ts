import { MongooseModule } from '@nestjs/mongoose';
import type { DynamicModule } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import type { ComponentStatus } from '@fluent/contracts';
import { retryWithBackoff, type RetryOptions } from '../resilience/retry';

/**
 * mongoose wiring. The local database is FerretDB (MongoDB wire protocol on SQLite), so we keep to
 * what it supports: no transactions, change streams, $lookup/$facet or TTL indexes, no
 * `select: false` (it makes findOneAndUpdate send a projection FerretDB rejects), and uniqueness
 * through unique indexes rather than read-modify-write.
 */
export function databaseModule(uri: string): DynamicModule {
  return MongooseModule.forRoot(uri, {
    serverSelectionTimeoutMS: 3000,
    // Fail fast instead of queueing while the database is away: a queued write could land after
    // the caller's deadline (the gateway already answered 504) and half-finish an operation.
    bufferCommands: false,
    // Indexes are created at boot; services await Model.init() so an index error is loud.
    autoIndex: true,
  });
}

/**
 * Waits until the database answers a ping, retrying with backoff and logging every failure. Services
 * call it (through bootstrapService) before Nest builds its modules, so a service started while the
 * database is down waits for it instead of crashing, and says so in its log while it waits.
 */
export async function waitForDatabase(
  uri: string,
  options: Omit<RetryOptions, 'what'> & { ping?: (uri: string) => Promise<void> },
): Promise<void> {
  const { ping = pingDatabase, ...retry } = options;
  await retryWithBackoff(() => ping(uri), { ...retry, what: `the database at ${redactUri(uri)}` });
}

/** One connection attempt and a ping, then the connection is closed again. */
async function pingDatabase(uri: string): Promise<void> {
  const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 3000 });
  try {
    await connection.asPromise();
    if (!connection.db) throw new Error('no database handle after connecting');
    await withTimeout(connection.db.admin().ping(), 3000);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** The URI without its password, for log lines. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

export async function databaseStatus(connection: Connection): Promise<ComponentStatus> {
  if (connection.readyState !== 1 || !connection.db) return 'down';
  try {
    await withTimeout(connection.db.admin().ping(), 1500);
    return 'up';
  } catch {
    return 'down';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
