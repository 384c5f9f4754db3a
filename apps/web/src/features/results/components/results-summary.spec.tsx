import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResult, SkillTrendPoint, WritingFeedback } from '@fluent/contracts';
import { attemptResult } from '@/testing/attempt-result';
import { ResultsView } from './results-view';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const skill = (score: number) => ({ score, parts: [{ source: 'Sentence completion', value: score, weight: 1 }] });
const rates = { grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 };
const blankPassage = (index: number) => ({ index, blank: true, text: '', recall: 0, sentences: [{ sentence: 'S.', share: 0, covered: false }], orderKept: null, length: { words: 0, originalWords: 3, verdict: 'short' as const }, language: { words: 0, notEnglish: false, issues: [], errorsPer100Words: rates, accuracy: 100 }, score: 0 });
const FEEDBACK = {
  attemptId: '64b000000000000000000001',
  testId: 5,
  submittedAt: '2026-03-03T10:00:00.000Z',
  createdAt: '2026-03-03T10:00:05.000Z',
  passages: [blankPassage(0), blankPassage(1), blankPassage(2)],
  email: {
    blank: true,
    text: '',
    greeting: { kind: 'missing', text: '', ok: false },
    closing: { kind: 'missing', text: '', ok: false },
    points: [{ point: 'ask for a day off', addressed: false, found: [] }],
    register: { contractions: [], slang: [], shouting: [], emoji: 0, exclamationMarks: 0, score: 0, ok: false },
    organization: { paragraphs: 0, sentences: 0, markers: [], score: 0 },
    length: { words: 0, min: 80, max: 150, verdict: 'short' },
    vocabulary: { distinctWords: 0, lessCommonShare: 0, score: 0 },
    language: { words: 0, notEnglish: false, issues: [], errorsPer100Words: rates, accuracy: 100 },
    score: 0,
  },
  profile: { grammar: skill(60), vocabulary: skill(55), organization: skill(20), voiceTone: skill(30), reading: skill(40) },
  checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' },
} satisfies WritingFeedback;
const PREVIOUS: SkillTrendPoint = { attemptId: 'a0', testId: 2, submittedAt: '2026-03-01T10:00:00.000Z', scores: { grammar: 52, vocabulary: 55, organization: 25, voiceTone: 30, reading: 40 } };

/** Test 5 with fills 1–7 right (7 of 10): the items say so, while the stored tally still says 1 of 10. */
function result(): AttemptResult {
  const r = attemptResult();
  r.score.fills.items = r.score.fills.items.map((item, i) => ({ ...item, correct: i < 7 }));
  return r;
}

function renderView(answer: () => Response = () => json(200, { status: 'ready', feedback: FEEDBACK, previous: PREVIOUS })) {
  vi.stubGlobal('fetch', vi.fn(async () => answer()));
  const r = result();
  const router = createMemoryRouter([{ path: '/result', element: <ResultsView result={r} /> }], { initialEntries: [{ pathname: '/result', search: `?attempt=${r.attemptId}`, state: { result: r } }] });
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

const region = (name: string) => screen.getByRole('region', { name });
const summary = () => within(region('Your results at a glance'));

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the summary at the top of /result', () => {
  it('shows each section’s score as the section itself counts its items, the total, and the typing figures', async () => {
    renderView();
    const scores = summary().getByRole('list', { name: 'Section scores' });
    const shown = within(scores).getAllByRole('listitem').map((li) => li.textContent);
    // What each section shows: its opening line and its items marked Correct.
    const sectionFigures = ['Sentence Completion', 'Fill in the Blanks', 'Jumbled Words'].map((name) => {
      const section = within(region(name));
      const marked = section.getAllByRole('listitem').filter((li) => within(li).queryByText('Correct')).length;
      expect(section.getByText(/^\d+ of \d+ correct$/).textContent).toBe(`${marked} of ${section.getAllByRole('listitem').length} correct`);
      return `${name} ${marked}/${section.getAllByRole('listitem').length}`;
    });
    expect(shown).toEqual([...sectionFigures, 'Total 8/35']);
    expect(sectionFigures).toEqual(['Sentence Completion 1/10', 'Fill in the Blanks 7/10', 'Jumbled Words 0/15']);
    // The scores card and the navigation say the same.
    expect(within(region('Section scores')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(shown);
    const nav = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(nav.getByRole('link', { name: 'Fill in the Blanks 7/10' }).getAttribute('href')).toBe('#results-fills');
    expect(nav.getByRole('link', { name: 'Section scores 8/35' })).toBeTruthy();

    const typing = within(region('Typing Test'));
    const wpm = typing.getByText('Typing speed').nextElementSibling?.textContent;
    const accuracy = typing.getByText('Accuracy').nextElementSibling?.textContent;
    expect(summary().getByRole('link', { name: `${wpm} · ${accuracy} accuracy` }).getAttribute('href')).toBe('#results-typing');
    expect(await summary().findByText('Grammar', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('shows the five skills with the change since the previous attempt, or the first profile as such', async () => {
    const { view } = renderView();
    const skills = await summary().findByRole('list', { name: 'Skill profile' }, { timeout: 4000 });
    expect(within(skills).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Grammar 60/100 +8 since last time',
      'Vocabulary 55/100 no change',
      'Organization 20/100 −5 since last time',
      'Voice & Tone 30/100 no change',
      'Reading Comprehension 40/100 no change',
    ]);
    expect(summary().getByText(/Change since your previous attempt \(Test 2\)\./)).toBeTruthy();
    view.unmount();

    renderView(() => json(200, { status: 'ready', feedback: FEEDBACK, previous: null }));
    const first = await summary().findByRole('list', { name: 'Skill profile' }, { timeout: 4000 });
    expect(within(first).getAllByRole('listitem')[0]!.textContent).toBe('Grammar 60/100');
    expect(summary().getByText(/Your first skill profile/)).toBeTruthy();
  });

  it('says "Preparing your writing feedback…" in place of the skills while the feedback is prepared', async () => {
    renderView(() => json(202, { status: 'pending', message: 'Preparing your writing feedback…' }));
    expect((await summary().findByRole('status', {}, { timeout: 4000 })).textContent?.trim()).toBe('Preparing your writing feedback…');
    expect(summary().queryByRole('list', { name: 'Skill profile' })).toBeNull();
  });

  it('lists what to work on first, each a link to where the detail is', async () => {
    renderView();
    const focus = await summary().findByRole('list', { name: 'Work on first' });
    await within(focus).findByRole('link', { name: '5 points of the email checklist not done yet' }, { timeout: 4000 });
    expect(within(focus).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['15 jumbled items in the wrong order', '#results-jumbled'],
      ['3 sentences of the passages not conveyed', '#results-passages'],
      ['5 points of the email checklist not done yet', '#results-email'],
    ]);
  });
});

describe('moving around /result', () => {
  it('moves focus to the heading a link names, and Back returns to the link and the place the learner left', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderView();
    const link = within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name: 'Jumbled Words 0/15' });
    await userEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Jumbled Words' }));
    expect(router.state.location.hash).toBe('#results-jumbled');
    // The results handed over in the navigation state stay with the new entry.
    expect((router.state.location.state as { result?: unknown }).result).toBeDefined();

    await act(() => router.navigate(-1));
    expect(router.state.location.hash).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // The link is hidden in the closed menu of a narrow window (jsdom lays nothing out): the menu's button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'On this page' }));
  });

  it('opens the menu, closes it once a link is taken, and on Escape', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    renderView();
    const toggle = screen.getByRole('button', { name: 'On this page' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('link', { name: 'Summary' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your results at a glance' }));
  });
});

describe('"show only the ones I missed"', () => {
  it('hides the correct items of that section only, says so, and is remembered for the session', async () => {
    const { view } = renderView();
    const fills = within(region('Fill in the Blanks'));
    expect(fills.getByText('7 of 10 correct').parentElement?.textContent).toBe('7 of 10 correct — show only the ones I missed');
    const toggle = fills.getByRole('checkbox', { name: 'show only the ones I missed' });
    expect(fills.getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(toggle);
    expect(fills.getAllByRole('listitem').map((li) => li.textContent?.slice(0, 3))).toEqual(['8. ', '9. ', '10.']);
    expect(fills.getByRole('status').textContent).toBe('7 correct items are hidden.');
    expect(within(region('Sentence Completion')).getAllByRole('listitem')).toHaveLength(10);
    view.unmount();

    renderView();
    expect(within(region('Fill in the Blanks')).getAllByRole('listitem')).toHaveLength(3);
    expect((within(region('Fill in the Blanks')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('is not offered where it would change nothing (nothing right, or nothing missed)', () => {
    renderView();
    expect(within(region('Jumbled Words')).getByText('0 of 15 correct').parentElement?.textContent).toBe('0 of 15 correct');
    expect(within(region('Jumbled Words')).queryByRole('checkbox')).toBeNull();
  });
});
