/** The RequestTransport RpcClient sends over (NatsRequester in the app; a fake in unit tests). */
export const NATS_TRANSPORT = Symbol('NATS_TRANSPORT');
