import { describe, expect, it } from 'vitest';
import type { WritingFeedback, WritingIssue } from '@fluent/contracts';
import { attemptResult } from '@/testing/attempt-result';
import { itemSectionsOf, type ItemSectionData } from './sections';
import { emailChecks, workOnFirst } from './work-on-first';

const rates = { grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 };
const issue = (category: WritingIssue['category']): WritingIssue => ({ offset: 0, length: 1, category, ruleId: 'X', explanation: 'x', message: 'x', replacements: [] });
const language = (issues: WritingIssue[] = []) => ({ words: 40, notEnglish: false, issues, errorsPer100Words: rates, accuracy: 90 });
const passage = (index: number, covered: boolean[], issues: WritingIssue[] = []) => ({
  index,
  blank: false,
  text: 'text',
  recall: 50,
  sentences: covered.map((c, i) => ({ sentence: `S${i}`, share: c ? 100 : 0, covered: c })),
  orderKept: null,
  length: { words: 40, originalWords: 40, verdict: 'fair' as const },
  language: language(issues),
  score: 50,
});
const skill = { score: 50, parts: [] };
function feedback({ emailIssues = [], passageIssues = [], covered = [true, true], checklistOk = true }: { emailIssues?: WritingIssue[]; passageIssues?: WritingIssue[]; covered?: boolean[]; checklistOk?: boolean } = {}): WritingFeedback {
  return {
    attemptId: 'a',
    testId: 5,
    submittedAt: '2026-03-03T10:00:00.000Z',
    createdAt: '2026-03-03T10:00:05.000Z',
    passages: [passage(0, covered, passageIssues), passage(1, [true]), passage(2, [true])],
    email: {
      blank: false,
      text: 'Dear Ms Lee, …',
      greeting: { kind: 'formal', text: 'Dear Ms Lee', ok: true },
      closing: { kind: 'formal', text: 'Kind regards', ok: true },
      points: [{ point: 'ask for a day off', addressed: checklistOk, found: [] }],
      register: { contractions: [], slang: [], shouting: [], emoji: 0, exclamationMarks: 0, score: 100, ok: true },
      organization: { paragraphs: 3, sentences: 5, markers: [], score: 80 },
      length: { words: 100, min: 80, max: 150, verdict: 'fair' },
      vocabulary: { distinctWords: 40, lessCommonShare: 10, score: 70 },
      language: language(emailIssues),
      score: 80,
    },
    profile: { grammar: skill, vocabulary: skill, organization: skill, voiceTone: skill, reading: skill },
    checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' },
  };
}

/** Sections with the given misses out of their real sizes (10, 10, 15). */
function sections(missed: { sentences: number; fills: number; jumbled: number }): ItemSectionData[] {
  return itemSectionsOf(attemptResult()).map((s) => ({ ...s, correct: s.total - missed[s.id] }));
}

describe('workOnFirst: the two or three things to work on first', () => {
  it('picks the parts that lost the largest share, each a link to its section, largest first', () => {
    const points = workOnFirst(sections({ sentences: 1, fills: 5, jumbled: 3 }), 97, feedback({ emailIssues: [issue('grammar'), issue('grammar'), issue('grammar'), issue('spelling')] }));
    expect(points.map((p) => [p.text, p.target])).toEqual([
      ['3 grammar issues in your email', 'results-email'], // 3 of 5 issues for full weight: 0.6
      ['5 blanks filled in incorrectly', 'results-fills'], // 0.5
      ['3 jumbled items in the wrong order', 'results-jumbled'], // 0.2
    ]);
  });

  it('says "2 jumbled items in the wrong order" with the singular where it is one, and leaves out sections without a miss', () => {
    const points = workOnFirst(sections({ sentences: 1, fills: 0, jumbled: 2 }), 97);
    expect(points.map((p) => p.text)).toEqual(['2 jumbled items in the wrong order', '1 sentence to complete correctly']);
  });

  it('counts the passages’ sentences not conveyed, the checklist points not done and low typing accuracy', () => {
    const points = workOnFirst(sections({ sentences: 0, fills: 0, jumbled: 0 }), 80, feedback({ covered: [false, false], checklistOk: false }));
    expect(points.map((p) => [p.key, p.text])).toEqual([
      ['passage-coverage', '2 sentences of the passages not conveyed'], // 2 of 4: 0.5
      ['typing', 'Typing accuracy of 80%: slow down a little for fewer errors'], // 0.2
      ['email-checklist', '1 point of the email checklist not done yet'], // 1 of 5: 0.2, later on the page
    ]);
  });

  it('never counts American spellings (fine) as issues, and keeps the page’s order on a tie', () => {
    const points = workOnFirst(sections({ sentences: 5, fills: 5, jumbled: 0 }), 97, feedback({ emailIssues: [issue('variant'), issue('variant')], passageIssues: [issue('spelling')] }));
    expect(points.map((p) => p.key)).toEqual(['sentences', 'fills', 'passage-issues']);
  });

  it('returns nothing when nothing was lost', () => {
    expect(workOnFirst(sections({ sentences: 0, fills: 0, jumbled: 0 }), 99, feedback())).toEqual([]);
  });

  it('ticks the email checklist as the checklist lists it: greeting, each point, register, closing, length', () => {
    expect(emailChecks(feedback({ checklistOk: false }).email)).toEqual([true, false, true, true, true]);
  });
});
