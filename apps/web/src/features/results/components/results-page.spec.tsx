import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attemptResult, QUESTIONS } from '@/testing/attempt-result';
import { ResultsPage } from './results-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(entry: InitialEntry, respond: (url: string) => Response = () => json(500, {})) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      return respond(url);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/result', element: <ResultsPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, router };
}

const section = (name: string) => screen.getByRole('region', { name });
const items = (name: string) => within(section(name)).getAllByRole('listitem');

afterEach(() => vi.unstubAllGlobals());

describe('ResultsPage', () => {
  it('shows the results of docs/product.md#the-results-page from the navigation state, with (No answer) for blanks', async () => {
    const result = attemptResult();
    const { requests, router } = renderAt({ pathname: '/result', search: `?attempt=${result.attemptId}`, state: { result } });
    expect(screen.getByRole('heading', { level: 1, name: 'Test 5 Completed!' })).toBeTruthy();
    expect(screen.getByText('Taken on March 3, 2026')).toBeTruthy();

    const typing = within(section('Typing Test'));
    expect(typing.getByText('Typing speed').nextElementSibling?.textContent).toBe('42 WPM');
    expect(typing.getByText('Accuracy').nextElementSibling?.textContent).toBe('97%');

    const sentences = items('Sentence Completion');
    expect(sentences).toHaveLength(10);
    expect(sentences[0]!.textContent).toBe('1. S1: She ___ home.CorrectYour answer: WentAcceptable answers: went, walkedReport a problem');
    expect(sentences[1]!.textContent).toBe('2. S2: She ___ home.IncorrectYour answer: (No answer)Acceptable answers: s2Report a problem');

    const fills = items('Fill in the Blanks');
    expect(fills).toHaveLength(10);
    expect(fills[0]!.textContent).toBe('1. F1: It is ___ today.CorrectYour answer: sunnyCorrect answer: sunnyReport a problem');
    expect(fills[1]!.textContent).toContain('Your answer: (No answer)');

    const jumbled = items('Jumbled Words');
    expect(jumbled).toHaveLength(15);
    expect(jumbled[14]!.textContent).toBe('15. park we to walk theIncorrectYour answer: (No answer)Correct answer: We walk to the park 15.Report a problem');

    const passages = section('Passage Reconstruction');
    expect(within(passages).getByText('Original passage 1.')).toBeTruthy();
    expect(within(passages).getByText('My reconstruction.')).toBeTruthy();
    expect(within(passages).getAllByText('(No answer)')).toHaveLength(2);

    const email = section('Email Writing');
    expect(within(email).getByText(QUESTIONS.email.prompt)).toBeTruthy();
    expect(within(email).getByText('(No answer)')).toBeTruthy();

    expect((screen.getByRole('button', { name: 'View Detailed Results (Coming Soon)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retake Test 5' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('adds our section scores and the typing figures', () => {
    renderAt({ pathname: '/result', state: { result: attemptResult() } });
    const scores = within(section('Section scores')).getAllByRole('listitem').map((li) => li.textContent);
    expect(scores).toEqual(['Sentence Completion 1/10', 'Fill in the Blanks 1/10', 'Jumbled Words 0/15', 'Total 2/35']);
    const typing = within(section('Typing Test'));
    expect(typing.getByText('Raw speed').nextElementSibling?.textContent).toMatch(/^48 WPM/);
    expect(typing.getByText('Net speed').nextElementSibling?.textContent).toMatch(/^44 WPM/);
    expect(typing.getByText('Consistency').nextElementSibling?.textContent).toMatch(/^81%/);
    expect(typing.getByText('Corrected').nextElementSibling?.textContent).toBe('6characters deleted while typing');
    expect(typing.getByText('Errors left').nextElementSibling?.textContent).toBe('2characters wrong in the final text');
    expect(screen.getByText(/Your speed, second by second/)).toBeTruthy();
  });

  it('leaves the typing figures out for an attempt without a keystroke timeline', () => {
    const result = attemptResult();
    delete result.score.typingDetail;
    renderAt({ pathname: '/result', state: { result } });
    expect(screen.queryByText('Raw speed')).toBeNull();
    expect(screen.queryByText(/Your speed, second by second/)).toBeNull();
  });

  it("reloads a stored attempt by the id in the URL (after a refresh, or from the dashboard)", async () => {
    const result = attemptResult();
    const { requests } = renderAt(`/result?attempt=${result.attemptId}`, () => json(200, result));
    expect(screen.getByRole('status').textContent).toBe('Loading results...');
    expect(await screen.findByRole('heading', { name: 'Test 5 Completed!' })).toBeTruthy();
    // The attempt once; then its writing feedback (results-feedback.spec.tsx).
    expect(requests.filter((url) => !url.endsWith('/feedback'))).toEqual([`/api/attempts/${result.attemptId}`]);
  });

  it("shows 'No Results Available' without state and without an attempt id", () => {
    const { requests } = renderAt('/result');
    expect(screen.getByRole('heading', { name: 'No Results Available' })).toBeTruthy();
    expect(screen.getByText('Please complete a test to view results.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows 'No Results Available' for an attempt the server does not have", async () => {
    renderAt('/result?attempt=nope', () => json(404, { statusCode: 404, message: 'Attempt not found.' }));
    expect(await screen.findByRole('heading', { name: 'No Results Available' })).toBeTruthy();
  });

  it('offers to try again when the attempt could not be loaded', async () => {
    renderAt('/result?attempt=x', () => json(503, { statusCode: 503, message: 'A backend service is unavailable' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A backend service is unavailable');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
