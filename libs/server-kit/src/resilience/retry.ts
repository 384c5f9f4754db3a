/** Where retry and shutdown messages go: Nest's LoggerService and pino both fit. */
export interface RetryLogger {
  warn(message: string): unknown;
  log?(message: string): unknown;
  info?(message: string): unknown;
}

export interface RetryOptions {
  /** What is being reached, for the log lines ("NATS at nats://…", "the database"). */
  what: string;
  log: RetryLogger;
  /** Delay after the first failure; doubles after each further failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Gives up (rethrowing the last error) after this many attempts; unbounded by default. */
  maxAttempts?: number;
  /** Stops waiting: the pending delay ends and the last error is thrown. */
  signal?: AbortSignal;
  /** Injected in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The delay before attempt `attempt + 1` (attempt counts from 1): exponential, capped. */
export function backoffDelay(attempt: number, initialDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Calls `attempt` until it resolves, waiting longer after each failure (500 ms, 1 s, 2 s … 10 s by
 * default) and logging every failure with the next delay. For first connections at start-up: a
 * service waits for NATS or the database instead of crashing while they come up.
 */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { what, log, signal } = options;
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  const sleep = options.sleep ?? abortableSleep;
  for (let n = 1; ; n += 1) {
    try {
      const value = await attempt();
      if (n > 1) (log.log ?? log.info)?.call(log, `Reached ${what} after ${n} attempts`);
      return value;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (n >= maxAttempts || signal?.aborted) throw error;
      const delay = backoffDelay(n, initialDelayMs, maxDelayMs);
      log.warn(`Cannot reach ${what} (attempt ${n}: ${reason}); retrying in ${delay} ms`);
      await sleep(delay, signal);
      if (signal?.aborted) throw error;
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
