import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';
import { requestIdMixin } from './request-context';

interface SerializedRequest {
  url?: string;
  query?: unknown;
  [key: string]: unknown;
}

/**
 * The query of an /api/auth request can hold an authorization code and its state (the Google
 * callback): log the path only.
 */
export function redactAuthQuery(req: SerializedRequest): SerializedRequest {
  if (typeof req.url !== 'string' || !req.url.startsWith('/api/auth/') || !req.url.includes('?')) return req;
  return { ...req, url: `${req.url.split('?')[0]}?[redacted]`, query: '[redacted]' };
}

/**
 * How loud one finished request is: a success is routine (debug: written only with LOG_LEVEL=debug),
 * a refusal is worth a look (warn), a failure is an error. Under load, a line per successful
 * request cost more CPU than the request and wrote hundreds of MB.
 */
export function requestLogLevel(statusCode: number, error?: unknown): 'debug' | 'warn' | 'error' {
  if (error || statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'debug';
}

/** What a request line says: who asked what, never the headers (tokens, cookies) or a body. */
export function requestSummary(req: SerializedRequest): SerializedRequest {
  return redactAuthQuery({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress });
}

/**
 * Structured JSON logs (pino), one line per event, with the service name on every line so the
 * logs of all services can be read side by side. Credentials never reach the log: request lines
 * carry no headers, and the query of /api/auth requests is redacted.
 */
export function loggingModule(service: string, level: string, options: { httpMiddleware?: boolean } = {}): DynamicModule {
  return LoggerModule.forRoot({
    // An HTTP app that logs its requests itself (the gateway, in a Fastify hook) needs no middleware:
    // pino-http's child logger and request context per request cost more than the request.
    ...(options.httpMiddleware === false ? { forRoutes: [] } : {}),
    pinoHttp: {
      level,
      base: { service },
      // The request being handled (a NATS request's or a JetStream event's x-request-id), so one
      // request can be followed across the services' logs.
      mixin: requestIdMixin,
      // Health probes would drown everything else.
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      customLogLevel: (_req, res, error) => requestLogLevel(res.statusCode, error),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: requestSummary, res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }) },
    },
  });
}
