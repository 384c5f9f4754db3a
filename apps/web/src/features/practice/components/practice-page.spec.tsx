import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIX_OUTCOME_MESSAGES, PracticeTexts, type PracticeCardsResponse, type PracticeProgressResponse, type PracticeReviewResult, type PublicPracticeCard } from '@fluent/contracts';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PracticePage } from './practice-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const base = { skill: 'vocabulary' as const, testId: 2, dueAt: '2026-11-26T08:00:00.000Z' };
/** Noon of the local day `days` after today: "tomorrow" and "in 3 days" whatever the time the test runs (a due time 26 h ahead is the day after tomorrow late in the evening). */
const noonInDays = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  day.setHours(12, 0, 0, 0);
  return day.toISOString();
};
const TOMORROW = noonInDays(1);

const sentenceCard: PublicPracticeCard = { ...base, id: 'c-sentence', kind: 'missed-item', item: { section: 'sentence', id: 4, question: 'She ___ to the library every Monday.' }, given: 'go' };
const fillCard: PublicPracticeCard = { ...base, id: 'c-fill', kind: 'missed-item', item: { section: 'fill', id: 7, question: 'The meeting was ___ until Friday.', options: ['postponed', 'cancelled', 'delayed'] }, given: '' };
const fixCard: PublicPracticeCard = {
  ...base,
  id: 'c-fix',
  kind: 'fix-sentence',
  skill: 'grammar',
  section: 'passage',
  sentence: 'I has went to the library.',
  issues: [{ offset: 2, length: 3, category: 'grammar', ruleId: 'HAVE_PART_AGREEMENT', message: 'Possible agreement error.', explanation: 'The verb must agree with its subject.' }],
  maxLength: 52,
};
const word = (id: string, text: string, typed: string): PublicPracticeCard => ({ ...base, id, kind: 'mistyped-words', skill: 'grammar', word: text, typed });

const progress: PracticeProgressResponse = {
  dueToday: 6,
  reviewedToday: 0,
  streak: 2,
  bySkill: { grammar: { learnt: 1, total: 4 }, vocabulary: { learnt: 0, total: 3 }, organization: { learnt: 0, total: 0 }, voiceTone: { learnt: 0, total: 0 }, reading: { learnt: 0, total: 0 } },
};

let batches: PracticeCardsResponse[];
let reviews: Array<{ id: string; body: { answer: string; elapsedMs: number } }>;
let verdictFor: (id: string, answer: string) => PracticeReviewResult | Response;

beforeEach(() => {
  reviews = [];
  batches = [];
  verdictFor = (id, answer) => ({ correct: false, grade: 'again', message: PracticeTexts.wrong, answer: `right answer of ${id} (not ${answer})`, nextDue: TOMORROW, learnt: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/practice') return json(200, progress);
      if (url.pathname === '/api/practice/cards') return json(200, batches.shift() ?? { cards: [], dueToday: 0 });
      const review = /^\/api\/practice\/cards\/([^/]+)\/review$/.exec(url.pathname);
      if (review && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { answer: string; elapsedMs: number };
        reviews.push({ id: review[1]!, body });
        const verdict = verdictFor(review[1]!, body.answer);
        return verdict instanceof Response ? verdict : json(200, verdict);
      }
      return json(404, { statusCode: 404, message: `no route ${path}` });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const session = () => screen.getByRole('region', { name: 'Practice session' });

describe('/practice: a session by keyboard (docs/product.md#practice)', () => {
  it('asks a missed item again, checks it on the server on Enter, shows the verdict with the right answer, and goes on with Enter', async () => {
    batches = [{ cards: [sentenceCard, fillCard], dueToday: 2 }];
    renderWithProviders(<PracticePage />, '/practice');
    const input = await screen.findByLabelText('Your answer');
    expect(screen.getByText('She ___ to the library every Monday.')).toBeTruthy();
    expect(screen.getByText(/In the test you answered/).textContent).toBe('In the test you answered: go');
    // Focus is on the answer: typing needs no click, and Enter with nothing typed checks nothing.
    expect(document.activeElement).toBe(input);
    await userEvent.keyboard('{Enter}');
    expect(reviews).toEqual([]);

    await userEvent.keyboard('goes{Enter}');
    const verdict = await within(session()).findByRole('status');
    expect(verdict.textContent).toContain(`${PracticeTexts.wrong} right answer of c-sentence (not goes)`);
    expect(verdict.textContent).toContain('This card comes back tomorrow.');
    expect(reviews).toEqual([{ id: 'c-sentence', body: { answer: 'goes', elapsedMs: expect.any(Number) } }]);
    expect(Number.isInteger(reviews[0]!.body.elapsedMs) && reviews[0]!.body.elapsedMs >= 0).toBe(true);

    // The next card: the fill's three options; the blank answer in the test is said so.
    await userEvent.keyboard('{Enter}');
    const options = await screen.findByRole('group', { name: 'The meeting was ___ until Friday.' });
    expect(within(options).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['postponed', 'cancelled', 'delayed']);
    expect(screen.getByText(PracticeTexts.leftBlank)).toBeTruthy();
    expect(document.activeElement).toBe(within(options).getAllByRole('radio')[0]);
    verdictFor = () => ({ correct: true, grade: 'good', message: PracticeTexts.right, answer: 'postponed', nextDue: noonInDays(3), learnt: false });
    await userEvent.keyboard(' {Enter}');
    expect((await within(session()).findByRole('status')).textContent).toBe(`${PracticeTexts.right}This card comes back in 3 days.`);
    expect(reviews[1]).toEqual({ id: 'c-fill', body: { answer: 'postponed', elapsedMs: expect.any(Number) } });
  });

  it('shows the sentence to fix with its issue explained, starts the answer from it, and shows the check\'s outcome', async () => {
    batches = [{ cards: [fixCard], dueToday: 1 }];
    verdictFor = () => ({ correct: true, grade: 'good', outcome: 'fixed', message: FIX_OUTCOME_MESSAGES.fixed, nextDue: TOMORROW, learnt: false });
    renderWithProviders(<PracticePage />, '/practice');
    const textarea = (await screen.findByLabelText('Your corrected sentence')) as HTMLTextAreaElement;
    expect(textarea.value).toBe('I has went to the library.');
    expect(screen.getByText('has', { selector: 'mark', exact: false }).textContent).toBe('has1');
    expect(within(screen.getByRole('list', { name: 'What to fix' })).getByRole('listitem').textContent).toBe('has: Possible agreement error. The verb must agree with its subject.');

    await userEvent.clear(textarea);
    await userEvent.type(textarea, 'I have gone to the library.{Enter}');
    expect((await within(session()).findByRole('status')).textContent).toContain(FIX_OUTCOME_MESSAGES.fixed);
    expect(reviews.map((r) => [r.id, r.body.answer])).toEqual([['c-fix', 'I have gone to the library.']]);
  });

  it('types the due words in one line, reviews each word with what was typed at its place, and shows WPM and accuracy', async () => {
    batches = [{ cards: [word('w1', 'receive', 'recieve'), word('w2', 'necessary', 'neccessary')], dueToday: 2 }];
    verdictFor = (id, answer) =>
      id === 'w1' ? { correct: answer === 'receive', grade: 'good', message: PracticeTexts.right, answer: 'receive', nextDue: TOMORROW, learnt: false } : { correct: false, grade: 'again', message: PracticeTexts.wrong, answer: 'necessary', nextDue: TOMORROW, learnt: false };
    renderWithProviders(<PracticePage />, '/practice');
    expect(await screen.findByText('receive necessary')).toBeTruthy();
    // 13 of the 16 characters typed are right by position (81 %); one word of two is right.
    await userEvent.keyboard('receive necesary{Enter}');
    const result = await within(session()).findByRole('status');
    expect(reviews.map((r) => [r.id, r.body.answer])).toEqual([
      ['w1', 'receive'],
      ['w2', 'necesary'],
    ]);
    expect(within(result).getByText(/WPM · \d+% accuracy$/).textContent).toMatch(/^\d+ WPM · 81% accuracy$/);
    expect(within(within(result).getByRole('list', { name: 'Word by word' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✓ receive', '✗ necessary (you typed “necesary”)']);
  });

  it('ends the batch with "Keep going" while more is due (focused: Enter asks for more), then the empty state', async () => {
    batches = [{ cards: [sentenceCard], dueToday: 11 }, { cards: [], dueToday: 0 }];
    renderWithProviders(<PracticePage />, '/practice');
    await screen.findByLabelText('Your answer');
    await userEvent.keyboard('goes{Enter}');
    await within(session()).findByRole('status');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Well done: 1 card reviewed.' })).toBeTruthy();
    expect(screen.getByText('10 more cards are due today.')).toBeTruthy();
    const keepGoing = screen.getByRole('button', { name: PracticeTexts.keepGoing });
    await waitFor(() => expect(document.activeElement).toBe(keepGoing));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(PracticeTexts.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says what to do when nothing is due', async () => {
    renderWithProviders(<PracticePage />, '/practice');
    expect(await screen.findByRole('heading', { name: PracticeTexts.empty })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PracticeTexts.keepGoing })).toBeNull();
  });

  it('keeps the answer and says why when the check fails; Enter checks again', async () => {
    batches = [{ cards: [sentenceCard], dueToday: 1 }];
    let fail = true;
    const wrong = verdictFor;
    verdictFor = (id, answer) => (fail ? ((fail = false), json(503, { statusCode: 503, message: 'The service is unavailable. Please try again.' })) : wrong(id, answer));
    renderWithProviders(<PracticePage />, '/practice');
    const input = (await screen.findByLabelText('Your answer')) as HTMLInputElement;
    await userEvent.keyboard('goes{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The service is unavailable. Please try again.');
    expect(input.value).toBe('goes');
    await userEvent.keyboard('{Enter}');
    expect((await within(session()).findByRole('status')).textContent).toContain('right answer of c-sentence');
    expect(reviews).toHaveLength(2);
  });

  it('after a check that failed partway through a line of words, Enter again reviews only the words not yet reviewed', async () => {
    batches = [{ cards: [word('w1', 'receive', 'recieve'), word('w2', 'necessary', 'neccessary')], dueToday: 2 }];
    let failSecond = true;
    const wrong = verdictFor;
    verdictFor = (id, answer) => (id === 'w2' && failSecond ? ((failSecond = false), json(503, { statusCode: 503, message: 'The service is unavailable. Please try again.' })) : wrong(id, answer));
    renderWithProviders(<PracticePage />, '/practice');
    expect(await screen.findByText('receive necessary')).toBeTruthy();
    await userEvent.keyboard('receive necessary{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The service is unavailable. Please try again.');
    await userEvent.keyboard('{Enter}');
    await within(session()).findByRole('status');
    // w1 once (its first verdict kept), w2 twice (the failed try, then the one that answered).
    expect(reviews.map((r) => r.id)).toEqual(['w1', 'w2', 'w2']);
  });

  it('shows due today, reviewed today, the streak and what is learnt per skill', async () => {
    renderWithProviders(<PracticePage />, '/practice');
    const figures = await screen.findByRole('region', { name: 'Your practice' });
    const pairs = (list: HTMLElement) => Array.from(list.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    const [main, learnt] = Array.from(figures.querySelectorAll('dl')) as HTMLElement[];
    expect(pairs(main!)).toEqual(['Due today: 6', 'Reviewed today: 0', 'Streak: 2 days']);
    expect(pairs(learnt!)).toEqual(['Grammar: 1 of 4', 'Vocabulary: 0 of 3', 'Organization: 0 of 0', 'Voice & Tone: 0 of 0', 'Reading Comprehension: 0 of 0']);
  });
});
