import { isErrorBody } from '@fluent/contracts';
import { startReconnecting } from './connection-status';
import { DEFAULT_RETRY_POLICY, isOutage, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry-policy';

/** An API error with the server's status, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** How long the server asked to wait before trying again (its Retry-After), if it did. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenSource = () => Promise<string | undefined>;
let tokenSource: TokenSource = async () => undefined;

/** The auth session registers how to get a fresh access token for API calls. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the access token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Try again by itself through a short outage (see retry-policy.ts). Default: for a GET only. A
   * write may ask for it only when repeating it cannot do anything twice (the submission, by its id).
   */
  retry?: boolean;
}

/** How the client waits between tries; tests replace it with a fake clock. */
let retryPolicy: RetryPolicy = DEFAULT_RETRY_POLICY;
export function setRetryPolicy(policy: RetryPolicy): void {
  retryPolicy = policy;
}

/**
 * JSON over fetch to the gateway (same origin), with the server's error turned into an ApiError.
 * A request that is safe to repeat is tried again after an outage, with backoff and honouring
 * Retry-After, for a bounded time; meanwhile the pages say "Reconnecting…" (connection-status.ts).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const retries = options.retry ?? (options.method ?? 'GET') === 'GET';
  if (!retries) return requestOnce<T>(path, options);
  const policy = retryPolicy;
  const started = Date.now();
  let stopReconnecting: (() => void) | undefined;
  try {
    for (let retry = 1; ; retry++) {
      try {
        return await requestOnce<T>(path, options);
      } catch (error) {
        if (!(error instanceof ApiError) || !isOutage(error.status) || options.signal?.aborted) throw error;
        const delay = retryDelayMs(retry, error.retryAfterMs, policy);
        if (Date.now() + delay - started >= policy.budgetMs) throw error;
        stopReconnecting ??= startReconnecting();
        await pause(delay, options.signal);
      }
    }
  } finally {
    stopReconnecting?.();
  }
}

/** Resolves after `ms`, or rejects at once when the request is aborted meanwhile. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function requestOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth !== false) {
    const token = await tokenSource();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), Date.now());
    if (isErrorBody(payload)) throw new ApiError(payload.statusCode, payload.message, payload.errors, retryAfterMs);
    throw new ApiError(response.status, `The request failed (${response.status}).`, {}, retryAfterMs);
  }
  return payload as T;
}
