import type { FastifyInstance } from 'fastify';

/** Seconds a client is asked to wait before trying a 503 again: long enough for a replica or the database to come back, short enough not to be noticed. */
export const RETRY_AFTER_SECONDS = 2;

/** Whether an answer must still be given a Retry-After: every 503 carries one (RFC 9110 §10.2.3), unless its route chose its own. */
export const needsRetryAfter = (statusCode: number, existing: unknown): boolean => statusCode === 503 && (existing === undefined || existing === '');

/**
 * Every 503 the gateway answers (a service or the database away for a moment, a NATS timeout of a
 * request that is safe to repeat, no replica listening) says when to try again, on every route,
 * whichever code produced it: the web app's client waits that long and retries.
 */
export function answerRetryAfterOn503(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (needsRetryAfter(reply.statusCode, reply.getHeader('retry-after'))) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    done(null, payload);
  });
}
