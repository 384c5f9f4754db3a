import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AttemptSummary } from '@fluent/contracts';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ProgressStrip } from './progress-strip';

const attempt = (testId: number, wpm: number, correct: number): AttemptSummary => ({
  attemptId: `a${testId}-${wpm}`,
  testId,
  submittedAt: '2026-11-20T10:00:00.000Z',
  wpm,
  accuracy: 95,
  sections: { sentences: { correct: 0, total: 10 }, fills: { correct: 0, total: 10 }, jumbled: { correct: 0, total: 15 } },
  total: { correct, total: 35 },
});

describe('ProgressStrip', () => {
  it('shows the completed count and links the three latest results to their stored attempts', () => {
    renderWithProviders(<ProgressStrip completed={3} attempts={[attempt(5, 48, 30), attempt(2, 41, 28), attempt(2, 39, 20), attempt(1, 35, 25)]} />);
    expect(screen.getByText(/tests completed/).textContent).toBe('3 of 20 tests completed');
    const links = within(screen.getByRole('list', { name: 'Latest results' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Test 5: 48 WPM · 30/35 correct', '/result?attempt=a5-48'],
      ['Test 2: 41 WPM · 28/35 correct', '/result?attempt=a2-41'],
      ['Test 2: 39 WPM · 20/35 correct', '/result?attempt=a2-39'],
    ]);
  });

  it('says where results will appear before the first test', () => {
    renderWithProviders(<ProgressStrip completed={0} attempts={[]} />);
    expect(screen.getByText(/tests completed/).textContent).toBe('0 of 20 tests completed');
    expect(screen.getByText('Your results will appear here after your first test.')).toBeTruthy();
  });

  it('shows the latest skill profile with its change since the attempt before, and a chart of the trend', async () => {
    const point = (testId: number, base: number) => ({
      attemptId: `t${testId}`,
      testId,
      submittedAt: '2026-11-20T10:00:00.000Z',
      scores: { grammar: base, vocabulary: base + 5, organization: base, voiceTone: 70, reading: base - 10 },
    });
    renderWithProviders(<ProgressStrip completed={2} attempts={[attempt(2, 41, 28)]} trend={[point(1, 50), point(2, 62)]} />);
    const latest = screen.getByRole('list', { name: 'Latest skill profile' });
    expect(within(latest).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Grammar: 62 (up 12)',
      'Vocabulary: 67 (up 12)',
      'Organization: 62 (up 12)',
      'Voice & Tone: 70 (no change)',
      'Reading Comprehension: 52 (up 12)',
    ]);
    expect(await screen.findByText('Your skills over your last 2 attempts')).toBeTruthy();
  });

  it('shows the practice cards due today as "N due", a link to /practice named as the header says it, and nothing until the count is known', () => {
    const { unmount } = renderWithProviders(<ProgressStrip completed={1} attempts={[]} practiceDue={4} />);
    const link = screen.getByRole('link', { name: 'Practice — 4 due today' });
    expect([link.textContent, link.getAttribute('href')]).toEqual(['4 due', '/practice']);
    unmount();
    renderWithProviders(<ProgressStrip completed={1} attempts={[]} />);
    expect(screen.queryByText(/ due$/)).toBeNull();
  });

  it('shows no trend before the first feedback', () => {
    renderWithProviders(<ProgressStrip completed={0} attempts={[]} trend={[]} />);
    expect(screen.queryByRole('list', { name: 'Latest skill profile' })).toBeNull();
  });
});
