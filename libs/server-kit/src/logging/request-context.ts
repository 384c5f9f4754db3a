import { AsyncLocalStorage } from 'node:async_hooks';
import { headers, type MsgHdrs } from 'nats';

/** The header that carries a request's id: over HTTP, in NATS requests and in JetStream events. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a request id may look like when it comes from outside (a client's `x-request-id`, a NATS
 * header): short, printable, no spaces or quotes, so it can go into a log line or a header as it is.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isWellFormedRequestId = (value: unknown): value is string => typeof value === 'string' && WELL_FORMED_REQUEST_ID.test(value);

interface RequestContext {
  requestId: string;
}

/**
 * The request a service is handling, for its log lines and the events it publishes: set around
 * each NATS request (GracefulNatsServer) and each JetStream event (JetStreamEvents) from the
 * message's `x-request-id` header, read by the logger's mixin (see loggingModule). The gateway
 * does not use it: it passes the id along explicitly (request.id), so no context is kept per
 * HTTP request.
 */
const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of the request `requestId` (or of none, when it is not a well-formed id). */
export function withRequestId<T>(requestId: unknown, work: () => T): T {
  return isWellFormedRequestId(requestId) ? storage.run({ requestId }, work) : storage.exit(work);
}

/** The id of the request being handled here, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** pino's mixin: the current request's id on every line written while handling it. */
export const requestIdMixin = (): { requestId?: string } => {
  const requestId = storage.getStore()?.requestId;
  return requestId ? { requestId } : {};
};

/**
 * NATS headers carrying `requestId`, else the current request's id; none when there is neither
 * (an event no request caused, e.g. replay-payments).
 */
export function requestIdHeaders(requestId: string | undefined = currentRequestId()): MsgHdrs | undefined {
  if (!isWellFormedRequestId(requestId)) return undefined;
  const carried = headers();
  carried.set(REQUEST_ID_HEADER, requestId);
  return carried;
}
