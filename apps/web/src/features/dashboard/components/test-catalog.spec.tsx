import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTestCard as card, newLearnerCards as newLearner } from '@/testing/mock-test-cards';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TestCatalog } from './test-catalog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const buttonsOf = () => screen.getAllByRole('article').map((article) => within(article).getByRole('button').textContent?.trim());

describe('TestCatalog', () => {
  it('shows the 20 cards with name, level, description and state: 3 Start Test and 17 Unlock Test for a new learner', async () => {
    fetchMock.mockImplementation(async () => json(200, newLearner()));
    renderWithProviders(<TestCatalog onUnlock={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('Loading your tests');
    await screen.findByRole('heading', { name: 'Test 20' });

    expect(buttonsOf()).toEqual([...Array(3).fill('Start Test'), ...Array(17).fill('Unlock Test')]);
    const nine = screen.getByRole('article', { name: 'Test 9' });
    expect(within(nine).getByText('Hard')).toBeTruthy();
    expect(within(nine).getByText('What test 9 covers.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/tests', expect.objectContaining({ method: 'GET' }));
  });

  it('shows Completed for an attempted test with no attempt left, and clicking it alerts without leaving the dashboard', async () => {
    const response = newLearner();
    response.cards[0] = card(1, { attempted: true, attemptsLeft: 0 });
    response.cards[1] = card(2, { attempted: true, attemptsLeft: 1 });
    fetchMock.mockImplementation(async () => json(200, response));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<TestCatalog onUnlock={vi.fn()} />);

    await screen.findByRole('heading', { name: 'Test 20' });
    // A test with an attempt left (ATTEMPTS_PER_TEST above 1) can still be started.
    expect(buttonsOf().slice(0, 3)).toEqual(['Completed', 'Start Test', 'Start Test']);
    await userEvent.click(screen.getByRole('button', { name: 'Completed Test 1' }));
    expect(alert).toHaveBeenCalledWith('You have already attempted this test.');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('starts an available test: /test with the test id in the navigation state', async () => {
    fetchMock.mockImplementation(async () => json(200, newLearner()));
    renderWithProviders(<TestCatalog onUnlock={vi.fn()} />);
    const second = await screen.findByRole('article', { name: 'Test 2' });
    await userEvent.click(within(second).getByRole('button', { name: /^Start Test/ }));
    expect(JSON.parse(screen.getByTestId('location').textContent!)).toMatchObject({ pathname: '/test', state: { testId: 2 } });
  });

  it('hands a click on a locked card to the dashboard, which opens the purchase', async () => {
    fetchMock.mockImplementation(async () => json(200, newLearner()));
    const onUnlock = vi.fn();
    renderWithProviders(<TestCatalog onUnlock={onUnlock} />);
    const locked = await screen.findByRole('article', { name: 'Test 4' });
    await userEvent.click(within(locked).getByRole('button', { name: /Unlock Test/ }));
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('unlocks every card for a learner who has paid', async () => {
    fetchMock.mockImplementation(async () => json(200, { paid: true, cards: Array.from({ length: 20 }, (_, i) => card(i + 1, { access: true })) }));
    renderWithProviders(<TestCatalog onUnlock={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Test 20' });
    expect(buttonsOf()).toEqual(Array(20).fill('Start Test'));
  });

  it('shows the error with a retry instead of an empty grid, and the grid (focused) once the retry succeeds', async () => {
    fetchMock.mockImplementation(async () => json(503, { statusCode: 503, message: 'A backend service is unavailable' }));
    renderWithProviders(<TestCatalog onUnlock={vi.fn()} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('We could not load your tests. A backend service is unavailable');
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    fetchMock.mockImplementation(async () => json(200, newLearner()));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Practice tests' }));
  }, 15_000);
});
