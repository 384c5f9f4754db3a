import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PassageDeviation, PassageFeedback, WritingIssue } from '@fluent/contracts';
import { AnnotatedText } from './annotated-text';
import { PassageFeedbackDetails } from './passage-feedback';
import { textMarks } from './segments';

const TEXT = 'Workers is painting walls today.';
const IS: PassageDeviation = { offset: 8, length: 2, kind: 'verb-form', expected: 'are', message: 'The passage says *are*.', explanation: 'The passage uses another form of this verb here.' };
const WALLS: PassageDeviation = { offset: 20, length: 5, kind: 'article', expected: 'the walls', message: 'The passage says *the walls*.', explanation: 'The passage has another article here.' };
const issue = (offset: number, length: number): WritingIssue => ({ offset, length, category: 'grammar', ruleId: 'X', explanation: 'Grammar slip.', message: 'm', replacements: [] });
const rates = { grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 };
const feedback = (deviations?: PassageDeviation[], issues: WritingIssue[] = []): PassageFeedback => ({
  index: 0,
  blank: false,
  text: TEXT,
  recall: 60,
  sentences: [{ sentence: 'Workers are painting the walls today.', share: 100, covered: true }],
  orderKept: null,
  length: { words: 5, originalWords: 6, verdict: 'fair' },
  language: { words: 5, notEnglish: false, issues, errorsPer100Words: rates, accuracy: 100 },
  ...(deviations ? { deviations } : {}),
  score: 70,
});

describe('a passage’s differences from its original on /result', () => {
  it('double-underlines each difference in the text, a button whose description says what the passage says and why', async () => {
    render(<AnnotatedText text={TEXT} issues={[]} deviations={[IS, WALLS]} />);
    const is = screen.getByRole('button', { name: 'is' });
    expect(is.className).toContain('passage-deviation');
    expect(is.className).not.toContain('writing-issue--');
    expect(document.getElementById(is.getAttribute('aria-describedby')!)?.textContent).toBe('Compared with the original: The passage says are. The passage uses another form of this verb here.');
    expect(screen.getByRole('button', { name: 'walls' })).toBeTruthy();
    await userEvent.click(is);
    expect(is.getAttribute('aria-expanded')).toBe('true');
    // The text reads as written once the explanations are left out.
    const shown = screen.getByRole('paragraph').cloneNode(true) as HTMLElement;
    shown.querySelectorAll('[role="tooltip"]').forEach((tip) => tip.remove());
    expect(shown.textContent).toBe(TEXT);
  });

  it('lists every difference below the text with what the learner wrote, even one the checker underlined there already', () => {
    render(<PassageFeedbackDetails feedback={feedback([IS, WALLS], [issue(8, 2)])} />);
    const list = screen.getByRole('list', { name: 'Compared with the original (2 differences, double-underlined):' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'You wrote “is”. The passage says are. The passage uses another form of this verb here.',
      'You wrote “walls”. The passage says the walls. The passage has another article here.',
    ]);
    expect(within(list).getAllByText('are')[0]!.tagName).toBe('EM');
  });

  it('shows no comparison for a passage without differences, or feedback stored before the comparison existed', () => {
    const { unmount } = render(<PassageFeedbackDetails feedback={feedback([])} />);
    expect(screen.queryByText(/Compared with the original/)).toBeNull();
    unmount();
    render(<PassageFeedbackDetails feedback={feedback()} />);
    expect(screen.queryByText(/Compared with the original/)).toBeNull();
  });

  it('keeps the checker’s underline where a difference overlaps it, and the difference in order elsewhere', () => {
    const marks = textMarks([issue(8, 2)], [WALLS, IS]);
    expect(marks.map((m) => [m.offset, m.issue ? 'issue' : 'deviation'])).toEqual([
      [8, 'issue'],
      [20, 'deviation'],
    ]);
  });
});
