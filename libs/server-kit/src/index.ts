export * from './config';
export * from './logging';
export * from './database';
export * from './nats';
export * from './rpc-errors';
export * from './health';
export * from './jetstream';
export * from './service-bootstrap';
