import { Logger } from '@nestjs/common';
import { ErrorCode, type MsgHdrs, type NatsConnection } from 'nats';
import { connectNats, type NatsCredentials } from '@fluent/server-kit';

/** What RpcClient needs of a transport: a request with a deadline, its state, and a drain on shutdown. */
export interface RequestTransport {
  /** The reply's bytes; rejects with a NatsError (TIMEOUT, 503 no responders, …) otherwise. */
  request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Uint8Array>;
  isConnected(): boolean;
  /** Lets replies still on their way arrive, then closes. */
  drain(): Promise<void>;
}

export const isTimeout = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === ErrorCode.Timeout;
export const isNoResponders = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === ErrorCode.NoResponders;

/**
 * The gateway's one NATS connection for requests. Replies come back on one subscription for all
 * requests (nats.js multiplexes them under the gateway's own inbox prefix), where Nest's client
 * made and dropped a subscription per request: two more protocol messages to the server each time.
 * Connects in the background, so the gateway starts (and reports NATS down) without NATS, and
 * reconnects for ever.
 */
export class NatsRequester implements RequestTransport {
  private readonly logger = new Logger(NatsRequester.name);
  private connection?: NatsConnection;
  private connected = false;
  private closing = false;

  constructor(
    private readonly options: { url: string; name: string; credentials?: NatsCredentials; retryMs?: number },
  ) {
    void this.connectInBackground();
  }

  async request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Uint8Array> {
    if (!this.connection) throw Object.assign(new Error('NATS is not connected yet'), { code: ErrorCode.Disconnect });
    return (await this.connection.request(subject, data, { timeout: timeoutMs, headers })).data;
  }

  isConnected(): boolean {
    return this.connected;
  }

  async drain(): Promise<void> {
    this.closing = true;
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
  }

  private async connectInBackground(): Promise<void> {
    while (!this.closing && !this.connection) {
      try {
        const connection = await connectNats({
          url: this.options.url,
          name: this.options.name,
          credentials: this.options.credentials,
          // No stack trace captured for every request (two Errors each): a timeout still says which subject.
          options: { noAsyncTraces: true },
        });
        this.connection = connection;
        this.connected = true;
        void this.watch(connection);
      } catch (error) {
        this.logger.warn(`NATS not reachable yet: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 1000));
      }
    }
  }

  private async watch(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') this.connected = true;
    }
    this.connected = false;
  }
}
