import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { usePurchase } from './use-purchase';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(me: () => Response, onSucceeded = vi.fn()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/create-payment-intent') return json(200, { clientSecret: 's', paymentIntentId: 'pi_1' });
      if (path === '/api/me') return me();
      if (path === '/api/tests') return json(200, { paid: true, cards: [] });
      return json(404, { statusCode: 404, message: 'no route' });
    }),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const poll = { initialDelayMs: 5, maxDelayMs: 5, timeoutMs: 100 };
  return { onSucceeded, ...renderHook(() => usePurchase({ amount: 4999, onSucceeded, poll }), { wrapper }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePurchase', () => {
  it('times out with a clear message when the payment does not show up in time, without claiming success', async () => {
    const { result, onSucceeded } = setup(() => json(200, { uid: 'u1', paidTests: false }));
    await act(() => result.current.pay(async () => ({ ok: true })));
    expect(result.current.state).toEqual({
      status: 'error',
      message: 'Your payment went through, but unlocking the premium tests is taking longer than usual. Please refresh the page in a minute.',
    });
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('keeps polling through a failing GET /api/me and succeeds once it shows paidTests', async () => {
    let calls = 0;
    const { result, onSucceeded } = setup(() => (++calls < 3 ? json(503, { statusCode: 503, message: 'down' }) : json(200, { uid: 'u1', paidTests: true })));
    await act(() => result.current.pay(async () => ({ ok: true })));
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
