import type { ErrorBody } from '@fluent/contracts';

/**
 * What a caller is told when a dependency (the database) is away for a moment: a 503, which the
 * gateway answers with Retry-After, so clients retry instead of showing a failure. The details
 * (which dependency, why) go to the service's log only.
 */
export const UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment. Please try again.';

export const unavailableBody = (): ErrorBody => ({ statusCode: 503, message: UNAVAILABLE_MESSAGE });

/**
 * The MongoDB driver's and mongoose's errors for "no database to talk to": the server cannot be
 * reached or selected, the connection dropped or its pool was cleared, or mongoose has no
 * connection (bufferCommands is off, so it refuses rather than queueing).
 */
const UNREACHABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'DisconnectedError',
]);

/**
 * FerretDB stays up while PostgreSQL under it is away, and answers each command with an error of
 * its own whose message carries the PostgreSQL driver's reason (pgx: "failed to connect to …",
 * "connection refused", "the database system is shutting down", …).
 */
const BACKEND_AWAY = /failed to connect|connection refused|connection reset|the database system is (shutting down|starting up)|terminating connection|conn closed|unexpected EOF|broken pipe/i;

/** mongoose with bufferCommands off and no live connection: "Cannot call `x.find()` before initial connection is complete …". */
const NO_CONNECTION = /before initial connection is complete|Connection was force closed|Client must be connected/i;

/** Whether `error` (or an error it was caused by) means the database is away, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (UNREACHABLE_NAMES.has(current.name)) return true;
    if (current.name === 'MongooseError' && NO_CONNECTION.test(current.message)) return true;
    if ((current.name === 'MongoServerError' || current.name === 'MongoError') && BACKEND_AWAY.test(current.message)) return true;
    // The driver labels errors after which a retry on a new connection may succeed.
    const labels = (current as { errorLabels?: unknown }).errorLabels;
    if (Array.isArray(labels) && labels.includes('ResetPool')) return true;
  }
  return false;
}
