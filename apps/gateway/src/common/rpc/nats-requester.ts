import { randomFillSync } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { createInbox, ErrorCode, NatsError, type Msg, type MsgHdrs, type NatsConnection } from 'nats';
import { connectNats, natsAuthOptions, type NatsCredentials } from '@fluent/server-kit';

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

/** A request waiting for its reply. */
interface Pending {
  resolve(data: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** A request not yet handed to the connection. */
interface Outgoing {
  token: string;
  subject: string;
  data: Uint8Array;
  headers?: MsgHdrs;
}

/**
 * The gateway's one NATS connection for requests, with request/reply of its own on top of plain
 * publish and subscribe, because that is the gateway's hot path and nats.js's `request()` costs
 * what it does not need there:
 * - nats.js flushes what was published at the end of the current microtask queue, so every HTTP
 *   request (each handled in its own I/O callback) cost one write to the NATS socket: a fifth of
 *   the gateway's CPU under load (bench/REPORT.md). Requests made while one turn of the event loop
 *   handles its I/O are published together in the next check phase (setImmediate): one write.
 * - Replies come back on one subscription (`<inbox>.*`, the gateway's own inbox prefix, the only
 *   one it may read), matched by the token at the end of the reply subject; nats.js's request
 *   multiplexer also built and dropped an Error for every answered request.
 * - Each token is 128 random bits (ReplyTokens), never a sequence: a service that saw one request's
 *   reply subject cannot name the next one, to answer a sign-in or a payment before its real
 *   responder. (NATS's allow_responses already refuses it a reply to a request it did not receive;
 *   this holds if a permission table ever grows too wide.)
 * Connects in the background, so the gateway starts (and reports NATS down) without NATS, and
 * reconnects for ever; nats.js subscribes again after a reconnect.
 */
export class NatsRequester implements RequestTransport {
  private readonly logger = new Logger(NatsRequester.name);
  private connection?: NatsConnection;
  private connected = false;
  private closing = false;
  private inbox = '';
  private readonly tokens = new ReplyTokens();
  private readonly pending = new Map<string, Pending>();
  private outgoing: Outgoing[] = [];

  constructor(
    private readonly options: { url: string; name: string; credentials?: NatsCredentials; retryMs?: number },
  ) {
    void this.connectInBackground();
  }

  request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Uint8Array> {
    if (!this.connection || this.connection.isClosed()) return Promise.reject(NatsError.errorForCode(ErrorCode.Disconnect));
    const token = this.tokens.next();
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(NatsError.errorForCode(ErrorCode.Timeout));
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      if (this.outgoing.push({ token, subject, data, headers }) === 1) setImmediate(() => this.publishOutgoing());
    });
  }

  isConnected(): boolean {
    return this.connected;
  }

  async drain(): Promise<void> {
    this.closing = true;
    this.publishOutgoing();
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
  }

  /** Every request of this turn in one go: nats.js then writes them to the socket together. */
  private publishOutgoing(): void {
    const batch = this.outgoing;
    this.outgoing = [];
    for (const { token, subject, data, headers } of batch) {
      if (!this.pending.has(token)) continue; // timed out before it went out
      try {
        this.connection!.publish(subject, data, { reply: `${this.inbox}.${token}`, headers });
      } catch (error) {
        this.settle(token, (pending) => pending.reject(error instanceof Error ? error : new Error(String(error))));
      }
    }
  }

  private onReply(message: Msg): void {
    const token = message.subject.slice(this.inbox.length + 1);
    this.settle(token, (pending) => {
      // With no subscriber on the subject, the server answers at once with a 503 status and no data.
      if (message.headers?.hasError && message.headers.code === 503) pending.reject(NatsError.errorForCode(ErrorCode.NoResponders));
      else pending.resolve(message.data);
    });
  }

  private settle(token: string, outcome: (pending: Pending) => void): void {
    const pending = this.pending.get(token);
    if (!pending) return; // answered after its deadline
    this.pending.delete(token);
    clearTimeout(pending.timer);
    outcome(pending);
  }

  private async connectInBackground(): Promise<void> {
    while (!this.closing && !this.connection) {
      try {
        const connection = await connectNats({ url: this.options.url, name: this.options.name, credentials: this.options.credentials });
        this.inbox = createInbox(natsAuthOptions(this.options.credentials).inboxPrefix);
        connection.subscribe(`${this.inbox}.*`, { callback: (error, message) => (error ? this.logger.warn(`Reply subscription: ${error.message}`) : this.onReply(message)) });
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

/**
 * Unguessable reply tokens: 16 bytes from the system's CSPRNG each, as base64url (valid in a NATS
 * subject token). Drawn from a buffer filled 256 tokens at a time, so the hot path makes one
 * call into OpenSSL per 256 requests rather than one each.
 */
export class ReplyTokens {
  static readonly BYTES = 16;
  private readonly pool = Buffer.alloc(ReplyTokens.BYTES * 256);
  private offset = this.pool.length;

  next(): string {
    if (this.offset === this.pool.length) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const token = this.pool.toString('base64url', this.offset, this.offset + ReplyTokens.BYTES);
    this.offset += ReplyTokens.BYTES;
    return token;
  }
}
