import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import { natsAuthOptions, type NatsCredentials } from './connection-options';

export interface NatsConnectionSpec {
  url: string;
  /** Connection name, shown in NATS monitoring. */
  name: string;
  /** This app's NATS user; NATS_USER / NATS_PASSWORD (natsCredentialsFromEnv) when not given. */
  credentials?: NatsCredentials;
  /** Keep reconnecting for as long as the process runs (apps); false for a one-shot tool. Default true. */
  reconnectForever?: boolean;
  /** Further client options (a connect timeout, noAsyncTraces). */
  options?: Partial<ConnectionOptions>;
}

/** Credentials given as user/password fields, or undefined (read from the environment) when both are empty. */
export const credentialsOf = (user?: string, password?: string): NatsCredentials | undefined => (user || password ? { user, password } : undefined);

/**
 * The one way an app opens a NATS connection by hand (JetStream, KV, the gateway's requests, the
 * setup step, replay-payments): its own user and inbox (natsAuthOptions), and for apps a connection
 * that keeps reconnecting when NATS restarts.
 */
export function connectNats(spec: NatsConnectionSpec): Promise<NatsConnection> {
  return connect({
    servers: spec.url,
    name: spec.name,
    ...natsAuthOptions(spec.credentials),
    ...(spec.reconnectForever === false ? {} : { maxReconnectAttempts: -1, reconnectTimeWait: 500 }),
    ...spec.options,
  });
}

/**
 * One lazy connection per process (EventPublisher, NatsKv): opened by the first caller; a failed
 * connect is not kept, so the next caller tries again; closed by draining.
 */
export class LazyNatsConnection {
  private connection?: Promise<NatsConnection>;

  constructor(private readonly spec: NatsConnectionSpec) {}

  get(): Promise<NatsConnection> {
    this.connection ??= connectNats(this.spec).catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await (await connection.catch(() => undefined))?.drain().catch(() => undefined);
  }
}
