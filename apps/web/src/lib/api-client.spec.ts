import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setRetryPolicy } from './api-client';
import { isReconnecting } from './connection-status';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs } from './retry-policy';

const POLICY = { budgetMs: 10_000, baseMs: 500, maxDelayMs: 4_000 };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const unavailable = (retryAfter?: string) =>
  json(503, { statusCode: 503, message: 'The service is unavailable for a moment. Please try again.' }, retryAfter ? { 'Retry-After': retryAfter } : {});

/** fetch answering each call with the next of `answers` (a Response, or an Error for no answer at all), and the fake time of each call. */
function fetchAnswering(...answers: (Response | Error)[]) {
  const calls: number[] = [];
  const fetchMock = vi.fn(async () => {
    calls.push(Date.now());
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The request's outcome once the fake clock has run every pause it waits. */
async function settle<T>(request: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = request.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('apiRequest through an outage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    setRetryPolicy(POLICY);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setRetryPolicy(DEFAULT_RETRY_POLICY);
  });

  it('tries a GET again after a 503, waiting what Retry-After asks, and answers the data', async () => {
    const { calls } = fetchAnswering(unavailable('2'), unavailable('3'), json(200, { ok: true }));
    const { value } = await settle(apiRequest('/api/tests'));
    expect(value).toEqual({ ok: true });
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 2_000, 5_000]);
  });

  it('backs off exponentially when the server names no wait, or there is no answer at all', async () => {
    const { calls } = fetchAnswering(new TypeError('Failed to fetch'), unavailable(), json(502, {}), json(200, []));
    const { value } = await settle(apiRequest('/api/attempts'));
    expect(value).toEqual([]);
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 500, 1_500, 3_500]);
  });

  it('tries the submission again (a POST asking for it), and no other write', async () => {
    const submission = fetchAnswering(unavailable('1'), json(201, { attemptId: 'a1' }));
    expect((await settle(apiRequest('/api/tests/3/attempts', { method: 'POST', body: {}, retry: true }))).value).toEqual({ attemptId: 'a1' });
    expect(submission.fetchMock).toHaveBeenCalledTimes(2);

    const payment = fetchAnswering(unavailable('1'), json(200, {}));
    const { error } = await settle(apiRequest('/api/payments/test-confirm', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(payment.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after its time budget with the last error, which the page then shows', async () => {
    const { calls } = fetchAnswering(...Array.from({ length: 20 }, () => unavailable('3')));
    const { error } = await settle(apiRequest('/api/tests'));
    expect(error).toMatchObject({ status: 503, message: 'The service is unavailable for a moment. Please try again.' });
    // Tries at 0, 3, 6 and 9 s; the next (12 s) would start after the 10 s budget.
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 3_000, 6_000, 9_000]);
  });

  it('does not retry an answer (4xx) or a server error that is not an outage', async () => {
    const notFound = fetchAnswering(json(404, { statusCode: 404, message: 'Not found' }));
    expect((await settle(apiRequest('/api/attempts/x'))).error).toMatchObject({ status: 404 });
    expect(notFound.fetchMock).toHaveBeenCalledTimes(1);
    const broken = fetchAnswering(json(500, { statusCode: 500, message: 'Internal server error' }));
    expect((await settle(apiRequest('/api/attempts/x'))).error).toMatchObject({ status: 500 });
    expect(broken.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says "reconnecting" while it waits to try again, and stops once answered', async () => {
    fetchAnswering(unavailable('2'), json(200, {}));
    const request = apiRequest('/api/tests');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isReconnecting()).toBe(true);
    await settle(request);
    expect(isReconnecting()).toBe(false);
  });
});

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2', 0)).toBe(2_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });

  it('never waits longer than its longest pause, whatever the server asks', () => {
    expect(retryDelayMs(1, 3_600_000, POLICY)).toBe(4_000);
    expect(retryDelayMs(10, undefined, POLICY)).toBe(4_000);
  });
});
