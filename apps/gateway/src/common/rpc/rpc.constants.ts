export const NATS_CLIENT = Symbol('NATS_CLIENT');
