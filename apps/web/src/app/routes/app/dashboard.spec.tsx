import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockTestCardsResponse } from '@fluent/contracts';
import { createQueryClient } from '@/lib/query-client';
import { newLearnerCards as newLearner } from '@/testing/mock-test-cards';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sessionAnswering } from '@/testing/session-answering';
import { dashboardLoader, DashboardRoute } from './dashboard';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let cards: MockTestCardsResponse;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  cards = newLearner();
  const answers: Record<string, () => unknown> = {
    '/api/tests': () => cards,
    '/api/attempts': () => ({ attempts: [] }),
    '/api/feedback/trend': () => ({ points: [] }),
    '/api/me': () => ({ uid: 'ana', paidTests: false }),
    '/api/payments/config': () => ({ mode: 'offline', price: { amount: 4999, currency: 'usd' } }),
  };
  fetchMock = vi.fn(async (path: string) => {
    const answer = answers[path];
    return answer ? json(200, answer()) : json(404, { statusCode: 404, message: `no route ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard route: the catalog and the purchase dialog', () => {
  it('opens the purchase dialog from a locked card, with the price and the 17 premium tests, and Cancel closes it', async () => {
    renderWithProviders(<DashboardRoute />);
    const locked = await screen.findByRole('article', { name: 'Test 4' });
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.hasAttribute('open')).toBe(false);

    await userEvent.click(within(locked).getByRole('button', { name: /Unlock Test/ }));
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Pay $49.99' })).toBeTruthy();
    expect(within(dialog).getByText('Get access to all 17 premium tests with a one-time payment.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('names the count of premium cards the catalog sent in the purchase dialog (15 when 5 tests are free)', async () => {
    cards.cards = cards.cards.map((c) => ({ ...c, premium: c.id > 5, access: c.id <= 5 }));
    renderWithProviders(<DashboardRoute />);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Test 6' })).getByRole('button', { name: /Unlock Test/ }));
    expect(within(screen.getByRole('dialog')).getByText('Get access to all 15 premium tests with a one-time payment.')).toBeTruthy();
  });
});

describe('/dashboard loader (docs/product.md#what-is-stored: the dashboard creates a missing user document)', () => {
  const signedIn = () => sessionAnswering({ '/api/auth/session': () => ({ accessToken: `h.${btoa(JSON.stringify({ sub: 'ana' }))}.s`, expiresIn: 300 }) });
  const meCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/me');

  it("reads the signed-in learner's user document (GET /api/me, with the access token) without holding the page up", async () => {
    const queryClient = createQueryClient();
    expect(await dashboardLoader(queryClient, signedIn())()).toBeNull();
    await vi.waitFor(() => expect(meCalls()).toHaveLength(1));
    expect(meCalls()[0]![1].headers.Authorization).toMatch(/^Bearer h\./);
    await vi.waitFor(() => expect(queryClient.getQueryData(['learner'])).toEqual({ uid: 'ana', paidTests: false }));
  });

  it('asks nothing for a signed-out visitor (who is sent to /login)', async () => {
    expect(await dashboardLoader(createQueryClient(), sessionAnswering({}))()).toBeNull();
    expect(meCalls()).toHaveLength(0);
  });
});
