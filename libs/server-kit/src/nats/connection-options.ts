import { Transport, type NatsOptions } from '@nestjs/microservices';
import { baseConfigSchema, loadConfig } from '../config/config';

/** An app's NATS user (NATS_USER / NATS_PASSWORD); both unset means a server without auth. */
export interface NatsCredentials {
  user?: string;
  password?: string;
}

/** Reads NATS_USER / NATS_PASSWORD through the config schema. */
export function natsCredentialsFromEnv(env: NodeJS.ProcessEnv = process.env): NatsCredentials {
  const config = loadConfig(baseConfigSchema.pick({ NODE_ENV: true, NATS_USER: true, NATS_PASSWORD: true }), env);
  // NATS is a trust boundary: in production an app never connects anonymously.
  if (config.NODE_ENV === 'production' && (!config.NATS_USER || !config.NATS_PASSWORD)) {
    throw new Error('Invalid configuration: production needs NATS_USER and NATS_PASSWORD (every app has its own NATS user)');
  }
  return { user: config.NATS_USER, password: config.NATS_PASSWORD };
}

/**
 * The connection options that authenticate an app: user and password, and an inbox of its own
 * (`_INBOX.<user>`), since the server lets each user read replies only under its own prefix.
 */
export function natsAuthOptions(credentials: NatsCredentials = natsCredentialsFromEnv()): {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
} {
  const user = credentials.user || undefined;
  const password = credentials.password || undefined;
  if (!user && !password) return {};
  if (!user || !password) throw new Error('Invalid configuration: set both NATS_USER and NATS_PASSWORD, or neither');
  return { user, pass: password, inboxPrefix: `_INBOX.${user}` };
}

/**
 * Options for a service listening on NATS. The queue group is the service name: without it every
 * replica would answer every request.
 */
export function natsServerOptions(service: string, url: string, credentials?: NatsCredentials): NatsOptions {
  return {
    transport: Transport.NATS,
    options: {
      servers: [url],
      queue: service,
      name: service,
      ...natsAuthOptions(credentials),
      // Keep trying when NATS restarts instead of exiting.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    },
  };
}

/** Options for a client (the gateway) sending requests to the services. */
export function natsClientOptions(name: string, url: string, credentials?: NatsCredentials): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [url], name, ...natsAuthOptions(credentials), maxReconnectAttempts: -1, reconnectTimeWait: 500 },
  };
}
