/**
 * When the web app tries a request again by itself: only a request that is safe to repeat (a GET,
 * or a write idempotent by a key it carries, such as the submission by its id), only after an
 * outage (no answer, or 502/503 from the gateway or its balancer), and only for a bounded time,
 * after which the learner sees the usual error.
 */
export interface RetryPolicy {
  /** Every try starts less than this after the first one (0: no retries). */
  budgetMs: number;
  /** The first pause when the server names none; doubled after each try. */
  baseMs: number;
  /** The longest pause, whatever the server asks (a Retry-After of an hour is not waited out in a tab). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { budgetMs: 20_000, baseMs: 500, maxDelayMs: 5_000 };

/** A failure that another try may not meet: no answer at all (status 0), a bad gateway, or a service away for a moment. */
export const isOutage = (status: number): boolean => status === 0 || status === 502 || status === 503;

/**
 * A Retry-After header as milliseconds: seconds, or an HTTP date (RFC 9110 §10.2.3). Undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The pause before try number `retry` + 1 (`retry` 1 for the first retry): what the server asked, else exponential backoff; never above maxDelayMs. */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, policy: RetryPolicy): number {
  const backoff = policy.baseMs * 2 ** Math.max(0, retry - 1);
  return Math.min(policy.maxDelayMs, retryAfterMs ?? backoff);
}
