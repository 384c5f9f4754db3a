import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AboutRoute } from './about';
import { TermsRoute } from './terms';

/** GET /api/payments/config answering this price (what payment-service charges). */
const serverCharges = (amount: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ mode: 'offline', price: { amount, currency: 'usd' } }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );

const renderPage = (page: React.ReactElement) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

const textOf = (page: React.ReactElement) => {
  renderPage(page);
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
};

beforeEach(() => serverCharges(4999));
afterEach(() => vi.unstubAllGlobals());

// The numbers in these pages come from libs/contracts (sections, tests, price); this is how they read.
describe('information pages that state the test’s rules', () => {
  it('about: the sections in order with their sizes and timings, the free tests and the price', () => {
    const text = textOf(<AboutRoute />);
    expect(text).toContain('a passage that disappears after thirty seconds, an email to write in five minutes.');
    expect(text).toContain('Each of the twenty mock tests has six sections, always in the same order, and takes about forty minutes:');
    expect([...document.querySelectorAll('.section-list li')].map((li) => li.textContent)).toEqual([
      'Typing Test. Type a short dictation paragraph in 60 seconds. We measure words per minute and accuracy.',
      'Sentence Completion. Ten sentences with a missing word, 30 seconds each.',
      'Fill in the Blanks. Ten questions with three options each, 30 seconds each.',
      'Jumbled Words. Fifteen scrambled sentences to put back in order, 30 seconds each.',
      'Passage Reconstruction. Three short passages: 30 seconds to read, 90 seconds to rewrite each in your own words.',
      'Email Writing. One formal email in response to a prompt, written within 5 minutes.',
    ]);
    expect(text).toContain('The first three tests are free for everyone with an account. One payment of $49.99 unlocks the other seventeen, for as long as you keep your account.');
  });

  it('terms: the free tests, the price and the premium tests', () => {
    expect(textOf(<TermsRoute />)).toContain(
      'Three tests are free. A single payment of $49.99 (US dollars) unlocks the seventeen premium tests for the life of your account.',
    );
  });
});

describe('information pages name the price the server charges (GET /api/payments/config), not the built-in default', () => {
  it('about: $29.99 when the server charges 2999 cents, and never $49.99', async () => {
    serverCharges(2999);
    renderPage(<AboutRoute />);
    expect(await screen.findByText(/One payment of \$29\.99/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('$49.99');
  });

  it('terms: $29.99 when the server charges 2999 cents, and never $49.99', async () => {
    serverCharges(2999);
    renderPage(<TermsRoute />);
    expect(await screen.findByText(/A single payment of \$29\.99/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('$49.99');
  });
});
