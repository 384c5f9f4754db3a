import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_PENDING_MESSAGE, type WritingFeedback } from '@fluent/contracts';
import { attemptResult } from '@/testing/attempt-result';
import { pollDelay } from '../api/get-writing-feedback';
import { ResultsView } from './results-view';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const rates = { grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 };
const language = (issues: WritingFeedback['email']['language']['issues'] = []) => ({ words: 5, notEnglish: false, issues, errorsPer100Words: rates, accuracy: 90 });
const blankPassage = (index: number) => ({ index, blank: true, text: '', recall: 0, sentences: [{ sentence: `Original passage ${index + 1}.`, share: 0, covered: false }], orderKept: null, length: { words: 0, originalWords: 3, verdict: 'short' as const }, language: language(), score: 0 });
const skill = (score: number) => ({ score, parts: [{ source: 'Sentence completion', value: score, weight: 1 }] });

const FEEDBACK: WritingFeedback = {
  attemptId: '64b000000000000000000001',
  testId: 5,
  submittedAt: '2026-03-03T10:00:00.000Z',
  createdAt: '2026-03-03T10:00:05.000Z',
  passages: [
    {
      ...blankPassage(0),
      blank: false,
      text: 'I has went home.',
      recall: 40,
      sentences: [{ sentence: 'Original passage 1.', share: 50, covered: true }],
      length: { words: 4, originalWords: 3, verdict: 'fair' },
      language: language([
        { offset: 2, length: 3, category: 'grammar', ruleId: 'BASE_FORM', explanation: 'The verb does not match its subject.', message: 'Use the base form here.', replacements: ['have'] },
        { offset: 6, length: 4, category: 'grammar', ruleId: 'HAVE_PART_AGREEMENT', explanation: 'After have/has/had, use the past participle: has gone, have seen.', message: 'Use the past participle.', replacements: ['gone'] },
      ]),
      score: 30,
    },
    blankPassage(1),
    blankPassage(2),
  ],
  email: {
    blank: false,
    text: 'hey boss, can i have friday off? thx',
    greeting: { kind: 'informal', text: 'hey boss', ok: false },
    closing: { kind: 'informal', text: 'thx', ok: false },
    points: [
      { point: 'explain why you need the day off', addressed: false, found: [] },
      { point: 'thank her for considering your request', addressed: true, found: ['thank'] },
    ],
    register: { contractions: [], slang: ['hey', 'thx'], shouting: [], emoji: 0, exclamationMarks: 0, score: 70, ok: false },
    organization: { paragraphs: 1, sentences: 2, markers: [], score: 20 },
    length: { words: 8, min: 80, max: 150, verdict: 'short' },
    vocabulary: { distinctWords: 4, lessCommonShare: 0, score: 10 },
    language: language([{ offset: 14, length: 1, category: 'spelling', ruleId: 'I_LOWERCASE', explanation: 'Always write “I” as a capital letter.', message: 'Write I.', replacements: ['I'] }]),
    score: 25,
  },
  profile: { grammar: skill(60), vocabulary: skill(55), organization: skill(20), voiceTone: skill(30), reading: skill(40) },
  checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' },
};

function renderResults(answers: Response[]) {
  const fetch = vi.fn(async () => answers.shift() ?? json(200, { status: 'ready', feedback: FEEDBACK }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ResultsView result={attemptResult({ passageInputs: ['I has went home.', '', ''], emailInput: FEEDBACK.email.text })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('writing feedback on /result', () => {
  it('says the feedback is being prepared, asks again with growing pauses, then underlines each issue with its explanation', async () => {
    const fetch = renderResults([json(202, { status: 'pending', message: FEEDBACK_PENDING_MESSAGE })]);
    expect((await screen.findAllByRole('status')).map((s) => s.textContent?.trim())).toContain(FEEDBACK_PENDING_MESSAGE);
    // The results are all there meanwhile.
    expect(screen.getByRole('heading', { name: 'Test 5 Completed!' })).toBeTruthy();
    const passages = screen.getByRole('region', { name: 'Passage Reconstruction' });
    const has = await within(passages).findByRole('button', { name: 'has' }, { timeout: 4000 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(FEEDBACK_PENDING_MESSAGE)).toBeNull();
    // Focusable, described by its explanation (what a screen reader announces), and not by colour alone.
    expect(has.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(has.getAttribute('aria-describedby')!)?.textContent).toBe('Grammar: The verb does not match its subject. Use the base form here. Suggestion: have');
    expect(has.className).toContain('writing-issue--grammar');
    await userEvent.tab();
    expect(within(passages).getByRole('button', { name: 'went' }).getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.click(has);
    expect(has.getAttribute('aria-expanded')).toBe('true');
    expect(within(passages).getByText('2 issues found (2 grammar). Select an underlined word to see why.', { exact: false })).toBeTruthy();
    expect(within(passages).getByText('✓ Covered')).toBeTruthy();
    expect(within(passages).getByText('Errors per 100 words').nextElementSibling?.textContent).toBe('0');
  });

  it('gives errors per 100 words by category', async () => {
    const { errorRateText } = await import('./feedback/annotated-text');
    expect(errorRateText({ grammar: 2.5, spelling: 1.2, punctuation: 0, style: 0, total: 3.7 })).toBe('3.7 (grammar 2.5, spelling 1.2)');
  });

  it('shows the email checklist: greeting, each point, register, closing and length, ticked or not in words', async () => {
    renderResults([]);
    const checklist = await screen.findByRole('list', { name: 'Email checklist' }, { timeout: 4000 });
    expect(within(checklist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✗ Not yet Greeting: “hey boss”, too informal',
      '✗ Not yet The prompt asks you to explain why you need the day off',
      '✓ Done The prompt asks you to thank her for considering your request (you wrote: thank)',
      '✗ Not yet Register: avoid informal words (hey, thx)',
      '✗ Not yet Closing: “thx”, too informal',
      '✗ Not yet Length: 8 words (aim for 80–150)',
    ]);
    const email = screen.getByRole('region', { name: 'Email Writing' });
    expect(within(email).getByRole('button', { name: 'i' })).toBeTruthy();
  });

  it('shows the skill profile as a practice estimate, each figure openable to show how it was made', async () => {
    renderResults([]);
    const profile = await screen.findByRole('region', { name: 'Skill profile' }, { timeout: 4000 });
    expect(within(profile).getByText(/not an official score/)).toBeTruthy();
    expect(within(profile).getByText('Voice & Tone:', { exact: false }).textContent).toContain('30/100');
    expect(within(profile).getAllByText('Sentence completion: 60/100, counts 100%', { exact: false }).length).toBeGreaterThan(0);
  });

  it('keeps showing the plain text when the attempt has no feedback (404), and says so', async () => {
    renderResults([json(404, { statusCode: 404, message: 'Attempt not found.' })]);
    // In the summary's skill profile, and in the passages' and the email's sections.
    expect((await screen.findAllByText('Writing feedback is not available for this attempt.', {}, { timeout: 4000 })).length).toBe(3);
    expect(screen.getAllByText('I has went home.').length).toBeGreaterThan(0);
  });

  it('backs off between asks: 1 s, 2 s, 4 s … at most 15 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
