import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PracticeLink } from './practice-link';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe("the header's Practice link (docs/product.md#practice)", () => {
  it('says how many cards are due today, counted in the browser\'s time zone', async () => {
    const fetchMock = vi.fn(async (_path: string) => json(200, { dueToday: 3, reviewedToday: 0, streak: 0, bySkill: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PracticeLink />);
    const link = await screen.findByRole('link', { name: 'Practice — 3 due today' });
    expect(link.getAttribute('href')).toBe('/practice');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/practice?tz=${encodeURIComponent(zone)}`);
  });

  it('reads "Practice" while the count is unknown or cannot be had', async () => {
    const fetchMock = vi.fn(async () => json(500, { statusCode: 500, message: 'Internal server error' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PracticeLink />);
    expect(screen.getByRole('link', { name: 'Practice' }).getAttribute('href')).toBe('/practice');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Practice' })).toBeTruthy();
  });
});
