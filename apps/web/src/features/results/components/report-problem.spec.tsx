import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ITEM_REPORT_THANKS } from '@fluent/contracts';
import { ReportProblem } from './report-problem';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderReport(respond: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportProblem attemptId="a1" section="jumbled" itemId={42} itemLabel="Jumbled Words question 3" />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ReportProblem', () => {
  it('sends the chosen reason and note for this item of this attempt, then thanks the learner', async () => {
    const calls = renderReport(() => json(201, { message: ITEM_REPORT_THANKS }));
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem with Jumbled Words question 3' }));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'My answer should be accepted' }));
    await userEvent.type(screen.getByLabelText('Anything else? (optional)'), '  Both orders work.  ');
    await userEvent.click(send);
    expect((await screen.findByRole('status')).textContent).toBe(ITEM_REPORT_THANKS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/attempts/a1/reports');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ section: 'jumbled', itemId: 42, reason: 'answer-should-be-accepted', comment: 'Both orders work.' });
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
  });

  it("shows the server's message when the report is refused, and keeps the form", async () => {
    renderReport(() => json(409, { statusCode: 409, message: 'You have already reported this item.' }));
    await userEvent.click(screen.getByRole('button', { name: /Report a problem/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'The question is unclear' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reported this item.');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeTruthy();
  });

  it('closes again on Cancel without sending anything', async () => {
    const calls = renderReport(() => json(201, { message: ITEM_REPORT_THANKS }));
    await userEvent.click(screen.getByRole('button', { name: /Report a problem/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /Report a problem/ })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
