// The public surface of @fluent/server-kit, one folder per concern (each with its own barrel):
// config and secrets; logging and the request id; the database; NATS request/reply (connection,
// RPC errors, @HandleMessage, the graceful server); JetStream (events, consumers, dead letters,
// the stream setup, KV buckets); health probes; caches; metrics; the service life cycle (boot,
// shutdown, periodic tasks); retries and deadlines.
export * from './config';
export * from './logging';
export * from './database';
export * from './nats';
export * from './jetstream';
export * from './health';
export * from './cache';
export * from './metrics';
export * from './lifecycle';
export * from './resilience';
