import { describe, expect, it } from 'vitest';
import type { WritingIssue } from '@fluent/contracts';
import { segments } from './segments';

const issue = (offset: number, length: number): WritingIssue => ({ offset, length, category: 'grammar', ruleId: 'X', explanation: 'e', message: 'm', replacements: [] });

describe('segments', () => {
  it('cuts the text into plain and issue runs that join back into the text', () => {
    const text = 'I has went home.';
    const parts = segments(text, [issue(2, 3), issue(6, 4)]);
    expect(parts.map((p) => [p.text, p.issue ? 'issue' : 'plain'])).toEqual([
      ['I ', 'plain'],
      ['has', 'issue'],
      [' ', 'plain'],
      ['went', 'issue'],
      [' home.', 'plain'],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('shows an overlapping or out-of-range issue as plain text', () => {
    const parts = segments('abc def', [issue(0, 3), issue(1, 2), issue(5, 10)]);
    expect(parts.filter((p) => p.issue)).toHaveLength(1);
    expect(parts.map((p) => p.text).join('')).toBe('abc def');
  });
});
