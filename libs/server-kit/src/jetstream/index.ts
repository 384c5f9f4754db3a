export * from './events-connection';
export * from './supervised-consumer';
export * from './durable-consumer';
export * from './dead-letters';
export * from './reconcile';
export * from './fluent-streams';
export * from './kv-bucket';
export * from './event-publisher';
