import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TestRoute } from './test';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // The runner would load its test; the invalid screen must not.
  fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('/test route (docs/product.md#the-test-screen)', () => {
  it.each([
    ['no navigation state', undefined],
    ['no testId', {}],
    ['testId 0', { testId: 0 }],
    ['testId 21', { testId: 21 }],
    ["testId '3' (text, not a number)", { testId: '3' }],
  ])('shows the invalid-test screen for %s, whose button goes to the dashboard', async (_name, state) => {
    renderWithProviders(<TestRoute />, '/test', state);
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Test Selected' })).toBeTruthy();
    expect(screen.getByText('Please select a test from the dashboard (Test 1 to Test 20).')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(JSON.parse(screen.getByTestId('location').textContent ?? '{}')).toMatchObject({ pathname: '/dashboard' });
  });

  it('loads test 3 when the navigation state carries testId 3', async () => {
    renderWithProviders(<TestRoute />, '/test', { testId: 3 });
    // The test's loading status (beside the page's always-present Reconnecting… region, empty here).
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading test...');
    expect(screen.queryByRole('heading', { name: 'Invalid Test Selected' })).toBeNull();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/tests/3', expect.anything()));
  });
});
