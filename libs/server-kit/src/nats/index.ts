export * from './connection-options';
export * from './connection';
export * from './rpc-errors';
export * from './handle-message';
export * from './request-packet';
export * from './payloads';
export * from './graceful-nats-server';
