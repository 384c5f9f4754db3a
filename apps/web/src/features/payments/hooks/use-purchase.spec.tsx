import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { usePurchase } from './use-purchase';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(me: () => Response, onSucceeded = vi.fn(), cards: () => Response = () => json(200, { paid: true, cards: [] })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/create-payment-intent') return json(200, { clientSecret: 's', paymentIntentId: 'pi_1' });
      if (path === '/api/me') return me();
      if (path === '/api/tests') return cards();
      return json(404, { statusCode: 404, message: 'no route' });
    }),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  // The polling's own clock, moved on by each pause: a 45 s deadline and 5 s pauses take no real
  // time, and a slow machine cannot run the deadline out under a test that should succeed.
  const clock = { now: 0, pauses: [] as number[] };
  const poll = {
    initialDelayMs: 5_000,
    maxDelayMs: 5_000,
    timeoutMs: 45_000,
    now: () => clock.now,
    sleep: async (ms: number) => {
      clock.pauses.push(ms);
      clock.now += ms;
    },
  };
  return { onSucceeded, clock, ...renderHook(() => usePurchase({ amount: 4999, onSucceeded, poll }), { wrapper }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePurchase', () => {
  it('times out with a clear message when the payment does not show up in time, without claiming success', async () => {
    const { result, onSucceeded, clock } = setup(() => json(200, { uid: 'u1', paidTests: false }));
    await act(() => result.current.pay(async () => ({ ok: true })));
    // It gave up at its deadline, not before: nine 5 s pauses, 45 s.
    expect(clock.pauses).toEqual(Array<number>(9).fill(5_000));
    expect(result.current.state).toEqual({
      status: 'error',
      message: 'Your payment went through, but unlocking the premium tests is taking longer than usual. Please refresh the page in a minute.',
    });
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('keeps one 45 s deadline across both waits: an account unlocked at 40 s leaves the catalog 5 s, not another 45', async () => {
    let calls = 0;
    const { result, onSucceeded, clock } = setup(
      () => json(200, { uid: 'u1', paidTests: ++calls > 8 }),
      vi.fn(),
      () => json(200, { paid: false, cards: [] }),
    );
    await act(() => result.current.pay(async () => ({ ok: true })));
    // Eight pauses until /api/me shows the payment (40 s), then one more of the 5 s left.
    expect(clock.pauses).toEqual(Array<number>(9).fill(5_000));
    expect(result.current.state).toMatchObject({ status: 'error' });
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('keeps polling through a failing GET /api/me and succeeds once it shows paidTests', async () => {
    let calls = 0;
    const { result, onSucceeded, clock } = setup(() => (++calls < 3 ? json(503, { statusCode: 503, message: 'down' }) : json(200, { uid: 'u1', paidTests: true })));
    await act(() => result.current.pay(async () => ({ ok: true })));
    expect(calls).toBe(3);
    expect(clock.pauses).toEqual([5_000, 5_000]);
    expect(result.current.state).toEqual({ status: 'succeeded' });
    expect(onSucceeded).toHaveBeenCalledTimes(1);
  });

  it('tells a learner who has paid already (409) so, instead of a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { statusCode: 409, message: 'You have already unlocked all premium tests.' })));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePurchase({ amount: 4999, onSucceeded: vi.fn() }), { wrapper });
    const confirm = vi.fn();
    await act(() => result.current.pay(confirm));
    expect(result.current.state).toEqual({ status: 'error', message: 'You have already unlocked all premium tests.' });
    expect(confirm).not.toHaveBeenCalled();
  });
});
