import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';

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
 * Structured JSON logs (pino), one line per event, with the service name on every line so the
 * logs of all services can be read side by side. Credentials never reach the log: auth headers,
 * cookies and the query of /api/auth requests are redacted.
 */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service },
      // Health probes would drown everything else.
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: redactAuthQuery },
    },
  });
}
