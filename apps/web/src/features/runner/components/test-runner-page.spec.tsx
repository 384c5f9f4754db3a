import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptSubmission } from '@fluent/contracts';
import { publicTest } from '@/testing/public-test';
import { TestRunnerPage } from './test-runner-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function ResultProbe() {
  return <p>result page {useLocation().search}</p>;
}

/** The page for test 3, with the server answering each request through `respond`. */
function renderPage(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      return respond(url, init);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/test', element: <TestRunnerPage testId={3} /> },
      { path: '/result', element: <ResultProbe /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/test'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return requests;
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('TestRunnerPage', () => {
  it("shows 'Loading test...' until the test arrives, then the introduction", async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = renderPage(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading test...');
    await vi.waitFor(() => expect(requests).toEqual(['GET /api/tests/3']));
    expect(screen.getByRole('status').textContent).toBe('Loading test...');
    answer(json(200, publicTest(3)));
    await screen.findByRole('button', { name: 'Start Test' });
    expect(screen.getByRole('heading', { name: 'Test 3' })).toBeTruthy();
    expect(requests).toEqual(['GET /api/tests/3']);
  });

  it('explains a locked premium test and offers only the way back', async () => {
    renderPage(() => json(403, { statusCode: 403, message: 'This is a premium test. Unlock the premium tests to take it.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This is a premium test. Unlock the premium tests to take it.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('offers to try again when the server could not be reached', async () => {
    renderPage(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('shows the invalid-test screen for a test the server does not know', async () => {
    renderPage(() => json(404, { statusCode: 404, message: 'Test not found. Choose a test from Test 1 to Test 20.' }));
    expect(await screen.findByRole('heading', { name: 'Invalid Test Selected' })).toBeTruthy();
    expect(screen.getByText('Please select a test from the dashboard (Test 1 to Test 20).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('sends answers still waiting in this tab without loading the test again', async () => {
    const pending: AttemptSubmission = {
      submissionId: '9b2d6f0e-2a41-4d8c-8f3e-5d7c1a0b9e21',
      answers: {
        typing: { text: '', elapsedMs: 60_000, timeline: [] },
        sentenceAnswers: Array(10).fill(''),
        fillAnswers: Array(10).fill(''),
        jumbledAnswers: Array(15).fill(''),
        passageInputs: Array(3).fill(''),
        emailInput: 'Waiting email',
      },
    };
    window.sessionStorage.setItem('fluent:pending-attempt:3', JSON.stringify(pending));
    const requests = renderPage((_url, init) => {
      expect(JSON.parse(String(init.body))).toEqual(pending);
      return json(201, { attemptId: 'attempt-9', testId: 3 });
    });
    expect(await screen.findByText('result page ?attempt=attempt-9')).toBeTruthy();
    expect(requests).toEqual(['POST /api/tests/3/attempts']);
    expect(window.sessionStorage.getItem('fluent:pending-attempt:3')).toBeNull();
  });
});
