import type { FastifyInstance } from 'fastify';
import type { Logger } from 'nestjs-pino';
import { requestLogLevel, requestSummary } from '@fluent/server-kit';
import { clientRequestIdOf } from './request-id';

/**
 * One line per finished request, as the services' pino-http lines read (see requestLogLevel and
 * requestSummary in server-kit): refusals at warn, failures at error, successes at debug only when
 * the log level asks for them, so a busy gateway builds no line it would throw away. Health probes
 * are not logged. A Fastify hook instead of pino-http's middleware: no child logger per request.
 */
export function logRequests(fastify: FastifyInstance, logger: Logger, level: string): void {
  const successes = level === 'debug' || level === 'trace';
  fastify.addHook('onResponse', (request, reply, done) => {
    const lineLevel = requestLogLevel(reply.statusCode);
    if ((lineLevel !== 'debug' || successes) && !request.url.startsWith('/api/health')) {
      const clientRequestId = clientRequestIdOf(request.raw);
      const line = {
        requestId: request.id,
        // The caller's own id (a proxy's or a load test's), beside ours, never in its place.
        ...(clientRequestId ? { clientRequestId } : {}),
        req: requestSummary({ id: request.id, method: request.method, url: request.url, remoteAddress: request.ip }),
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      };
      // An object first: nestjs-pino would take a second string for the context.
      if (lineLevel === 'error') logger.error({ ...line, msg: 'request failed' });
      else if (lineLevel === 'warn') logger.warn({ ...line, msg: 'request refused' });
      else logger.debug({ ...line, msg: 'request completed' });
    }
    done();
  });
}
