import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';

/**
 * Structured JSON logs (pino), one line per event, with the service name on every line so the
 * logs of all services can be read side by side.
 */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service },
      // Health probes would drown everything else.
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });
}
