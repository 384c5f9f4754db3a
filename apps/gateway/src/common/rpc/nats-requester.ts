import { randomFillSync } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { createInbox, ErrorCode, NatsError, type Msg, type MsgHdrs, type NatsConnection } from 'nats';
import { connectNats, natsAuthOptions, type NatsCredentials } from '@fluent/server-kit';

/** What RpcClient needs of a transport: a request with a deadline, its state, and a drain on shutdown. */
export interface RequestTransport {
  /**
   * The reply's bytes; rejects with a NatsError (TIMEOUT, 503 no responders, …) otherwise.
   * With `hedgeAfterMs` > 0 (only for a request that may be repeated: see hedging below), a copy
   * goes out each time that long passes without a reply, at most MAX_HEDGED_COPIES of them, and
   * the first reply of any copy answers; the deadline stays `timeoutMs` from the call.
   */
  request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs, hedgeAfterMs?: number): Promise<Uint8Array>;
  isConnected(): boolean;
  /** Lets replies still on their way arrive, then closes. */
  drain(): Promise<void>;
}

export const isTimeout = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === ErrorCode.Timeout;
export const isNoResponders = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === ErrorCode.NoResponders;

/** Copies of one request sent besides the first, at most: two more replicas asked, not a flood. */
export const MAX_HEDGED_COPIES = 2;

/** A request waiting for its reply. */
interface Pending {
  resolve(data: Uint8Array): void;
  reject(error: Error): void;
  /** The deadline; for a hedged request, the next copy's time until the last copy is out. */
  timer: NodeJS.Timeout;
  /** Only on a request that may be hedged. */
  hedge?: Hedge;
}

/** What a hedged request needs to send a copy, and its copies' tokens. */
interface Hedge {
  subject: string;
  data: Uint8Array;
  headers?: MsgHdrs;
  afterMs: number;
  /** performance.now() at which the request fails with a timeout. */
  deadline: number;
  /** The tokens of the copies that may still answer, the first request's first. */
  tokens: string[];
  copiesSent: number;
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
 * - Hedging: a request that may be repeated (a read) can go out again when its reply is slow. A
 *   replica killed with a request in hand never answers, and NATS does not tell the requester; but
 *   the server drops the dead replica's queue subscription when its socket closes, so a copy goes
 *   to a live replica. Every copy has its own token, all lead to the one pending request, and the
 *   first reply settles it and forgets the other tokens: a later reply finds nothing. One timer per
 *   request, as before: it fires for each copy in turn, then for the deadline.
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
    private readonly options: {
      url: string;
      name: string;
      credentials?: NatsCredentials;
      retryMs?: number;
      /** Told of each copy sent of a hedged request (the gateway counts them by subject). */
      onHedge?: (subject: string) => void;
      /** How to connect; nats.js through server-kit unless a test gives a fake. */
      connect?: typeof connectNats;
    },
  ) {
    void this.connectInBackground();
  }

  request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs, hedgeAfterMs = 0): Promise<Uint8Array> {
    if (!this.connection || this.connection.isClosed()) return Promise.reject(NatsError.errorForCode(ErrorCode.Disconnect));
    const token = this.tokens.next();
    return new Promise<Uint8Array>((resolve, reject) => {
      let pending: Pending;
      if (hedgeAfterMs > 0 && hedgeAfterMs < timeoutMs) {
        const hedge: Hedge = { subject, data, headers, afterMs: hedgeAfterMs, deadline: performance.now() + timeoutMs, tokens: [token], copiesSent: 0 };
        const hedged: Pending = { resolve, reject, hedge, timer: setTimeout(() => this.sendCopy(hedged, hedge), hedgeAfterMs) };
        pending = hedged;
      } else {
        pending = { resolve, reject, timer: setTimeout(() => this.expire(token), timeoutMs) };
      }
      this.pending.set(token, pending);
      this.enqueue({ token, subject, data, headers });
    });
  }

  /** Requests still waiting for a reply, each counted once however many copies it sent (for tests and leaks). */
  get waiting(): number {
    return new Set(this.pending.values()).size;
  }

  isConnected(): boolean {
    return this.connected;
  }

  async drain(): Promise<void> {
    this.closing = true;
    this.publishOutgoing();
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
  }

  private enqueue(outgoing: Outgoing): void {
    if (this.outgoing.push(outgoing) === 1) setImmediate(() => this.publishOutgoing());
  }

  private expire(token: string): void {
    this.settle(token, (pending) => pending.reject(NatsError.errorForCode(ErrorCode.Timeout)));
  }

  /** No reply yet to a hedged request: one more copy, then the timer for the next (or the deadline). */
  private sendCopy(pending: Pending, hedge: Hedge): void {
    // A gateway shutting down lets what is out answer and sends nothing new.
    if (!this.closing) {
      const token = this.tokens.next();
      hedge.tokens.push(token);
      hedge.copiesSent++;
      this.pending.set(token, pending);
      this.enqueue({ token, subject: hedge.subject, data: hedge.data, headers: hedge.headers });
      this.options.onHedge?.(hedge.subject);
    }
    const left = hedge.deadline - performance.now();
    pending.timer =
      !this.closing && hedge.copiesSent < MAX_HEDGED_COPIES && hedge.afterMs < left
        ? setTimeout(() => this.sendCopy(pending, hedge), hedge.afterMs)
        : setTimeout(() => this.expire(hedge.tokens[0]!), Math.max(0, left));
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
    // With no subscriber on the subject, the server answers at once with a 503 status and no data.
    if (message.headers?.hasError && message.headers.code === 503) {
      // A copy nobody received is no answer while another copy of the request may still bring
      // one (a replica shutting down stops listening, then finishes what it holds); with none
      // left, no replica listens: the request fails at once, and no copy is sent blindly.
      const hedge = this.pending.get(token)?.hedge;
      if (hedge && hedge.tokens.length > 1) {
        hedge.tokens.splice(hedge.tokens.indexOf(token), 1);
        this.pending.delete(token);
        return;
      }
      this.settle(token, (pending) => pending.reject(NatsError.errorForCode(ErrorCode.NoResponders)));
      return;
    }
    this.settle(token, (pending) => pending.resolve(message.data));
  }

  /** Ends a request, by the token of any of its copies: the others' tokens are forgotten with it. */
  private settle(token: string, outcome: (pending: Pending) => void): void {
    const pending = this.pending.get(token);
    if (!pending) return; // answered after its deadline, or another copy answered first
    if (pending.hedge) for (const copy of pending.hedge.tokens) this.pending.delete(copy);
    else this.pending.delete(token);
    clearTimeout(pending.timer);
    outcome(pending);
  }

  private async connectInBackground(): Promise<void> {
    while (!this.closing && !this.connection) {
      try {
        const connection = await (this.options.connect ?? connectNats)({ url: this.options.url, name: this.options.name, credentials: this.options.credentials });
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
