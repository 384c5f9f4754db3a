// A learner's client as the web app behaves (apps/web/src/lib/api-client.ts): a request safe to
// repeat is tried again through an outage (no answer, 502, 503), after the server's Retry-After or
// with backoff, within the same budget. What the learner sees is the last answer.
import { DEFAULT_RETRY_POLICY, isOutage, parseRetryAfter, retryDelayMs, type RetryPolicy } from '../../apps/web/src/lib/retry-policy';
import { gatewayUrl } from './stack';

export interface Seen {
  status: number;
  body: unknown;
  /** How many answers the client had to look past (outages it retried through). */
  retries: number;
}

export async function retryingRequest(path: string, init: RequestInit = {}, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Promise<Seen> {
  const started = Date.now();
  for (let retries = 0; ; retries++) {
    let status = 0;
    let body: unknown;
    let retryAfterMs: number | undefined;
    try {
      const response = await fetch(`${gatewayUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
      status = response.status;
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    } catch {
      status = 0;
    }
    const delay = retryDelayMs(retries + 1, retryAfterMs, policy);
    if (!isOutage(status) || Date.now() + delay - started >= policy.budgetMs) return { status, body, retries };
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
