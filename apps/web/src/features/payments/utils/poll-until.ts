export class PollTimeoutError extends Error {
  constructor(message = 'Timed out waiting for a condition') {
    super(message);
    this.name = 'PollTimeoutError';
  }
}

export interface PollOptions {
  /** Pause before the second probe; each further pause is `factor` times longer, up to `maxDelayMs`. */
  initialDelayMs?: number;
  factor?: number;
  maxDelayMs?: number;
  /** Give up (PollTimeoutError) once this much time has passed without an accepted answer. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Asks `probe` until `accept` says yes, pausing longer after each answer (backoff). A probe that
 * throws counts as "not yet" (a service may be restarting); the last error is in the timeout's cause.
 */
export async function pollUntil<T>(probe: () => Promise<T>, accept: (value: T) => boolean, options: PollOptions = {}): Promise<T> {
  const { initialDelayMs = 500, factor = 1.5, maxDelayMs = 5000, timeoutMs = 45_000 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  let delay = initialDelayMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (accept(value)) return value;
    } catch (error) {
      lastError = error;
    }
    const left = deadline - now();
    if (left <= 0) throw new PollTimeoutError(lastError instanceof Error ? `Timed out (last error: ${lastError.message})` : undefined);
    await sleep(Math.min(delay, left));
    delay = Math.min(maxDelayMs, delay * factor);
  }
}
