import { describe, expect, it } from 'vitest';
import { blankTestAnswers, DEFAULT_FREE_TEST_COUNT, practiceCardSchema, type AttemptResult, type LanguageReport, type TestAnswers, type WritingFeedback, type WritingIssue } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { scoreTest } from '@fluent/scoring';
import { cardsFromAttempt, cardsFromFeedback, MAX_FIX_SENTENCE_CHARS } from './card-builders';

const OPTIONS = { freeTestCount: DEFAULT_FREE_TEST_COUNT };

/** A real stored attempt of `testId`: every item answered right except those `mistakes` changes. */
function attempt(testId: number, mistakes: (answers: TestAnswers) => Partial<TestAnswers>): AttemptResult {
  const test = assembleTest(questionBank(), testId, { warn: () => undefined })!;
  const right = blankTestAnswers({
    typing: { text: test.typing.paragraph, elapsedMs: 60_000 },
    sentenceAnswers: test.sentences.map((s) => s.acceptableAnswers[0]!),
    fillAnswers: test.fills.map((f) => f.answer),
    jumbledAnswers: test.jumbled.map((j) => j.answer),
  });
  const answers = { ...right, ...mistakes(right) };
  return {
    attemptId: 'attempt-1',
    testId,
    submittedAt: '2026-11-26T10:00:00.000Z',
    typingResults: { wpm: 40, accuracy: 100 },
    sentenceAnswers: answers.sentenceAnswers,
    fillAnswers: answers.fillAnswers,
    jumbledAnswers: answers.jumbledAnswers,
    passageInputs: answers.passageInputs,
    emailInput: answers.emailInput,
    questions: test,
    score: scoreTest(test, answers),
  };
}

const replaceAt = (list: string[], at: Record<number, string>) => list.map((value, i) => at[i] ?? value);

describe('cardsFromAttempt', () => {
  it('makes a missed-item card for each wrong or blank sentence, fill and jumbled answer, and none for right ones', () => {
    const result = attempt(2, (a) => ({
      sentenceAnswers: replaceAt(a.sentenceAnswers, { 1: 'zzz', 4: '' }),
      fillAnswers: replaceAt(a.fillAnswers, { 0: '   ' }),
      jumbledAnswers: replaceAt(a.jumbledAnswers, { 14: 'words in a wrong order' }),
    }));
    const cards = cardsFromAttempt(result, result.questions.typing.paragraph, OPTIONS);
    const q = result.questions;
    expect(cards.map((c) => c.key)).toEqual([
      `missed:sentence:${q.sentences[1]!.id}`,
      `missed:sentence:${q.sentences[4]!.id}`,
      `missed:fill:${q.fills[0]!.id}`,
      `missed:jumbled:${q.jumbled[14]!.id}`,
    ]);
    expect(cards[0]).toEqual({
      key: `missed:sentence:${q.sentences[1]!.id}`,
      kind: 'missed-item',
      skill: 'vocabulary',
      attemptId: 'attempt-1',
      testId: 2,
      premium: false,
      section: 'sentence',
      itemId: q.sentences[1]!.id,
      given: 'zzz',
    });
    expect(cards.map((c) => (c.kind === 'missed-item' ? c.given : undefined))).toEqual(['zzz', '', '', 'words in a wrong order']);
    expect(cards.at(-1)).toMatchObject({ section: 'jumbled', skill: 'grammar' });
    for (const card of cards) expect(practiceCardSchema.parse(card)).toEqual(card);
  });

  it('makes no card from an attempt answered all right and typed without a slip', () => {
    const result = attempt(1, () => ({}));
    expect(cardsFromAttempt(result, result.questions.typing.paragraph, OPTIONS)).toEqual([]);
  });

  it('marks missed items premium by the shared rule: beyond the free tests, as the deployment sets them', () => {
    const wrongFirstFill = (a: TestAnswers) => ({ fillAnswers: replaceAt(a.fillAnswers, { 0: 'wrong' }) });
    const premiumOf = (testId: number, freeTestCount: number) => cardsFromAttempt(attempt(testId, wrongFirstFill), '', { freeTestCount }).find((c) => c.kind === 'missed-item')!.premium;
    expect(premiumOf(3, DEFAULT_FREE_TEST_COUNT)).toBe(false);
    expect(premiumOf(4, DEFAULT_FREE_TEST_COUNT)).toBe(true);
    expect(premiumOf(4, 5)).toBe(false);
  });

  it('makes a word card for each mistyped word of the typing paragraph, deduplicated, never premium', () => {
    const result = attempt(7, () => ({}));
    const words = result.questions.typing.paragraph.split(' ');
    const typed = [...words];
    typed[1] = `${words[1]}x`;
    typed[2] = `${words[2]}x`;
    const cards = cardsFromAttempt(result, typed.join(' '), OPTIONS);
    const bare = (w: string) => w.replace(/[^A-Za-z']+$/, '');
    expect(cards).toEqual([
      { key: `typed:${bare(words[1]!).toLowerCase()}`, kind: 'mistyped-words', skill: 'grammar', attemptId: 'attempt-1', testId: 7, premium: false, word: bare(words[1]!), typed: `${words[1]}x` },
      { key: `typed:${bare(words[2]!).toLowerCase()}`, kind: 'mistyped-words', skill: 'grammar', attemptId: 'attempt-1', testId: 7, premium: false, word: bare(words[2]!), typed: `${words[2]}x` },
    ]);
  });

  it('builds the same cards, keys included, from the same attempt twice (a redelivered event)', () => {
    const result = attempt(5, (a) => ({ jumbledAnswers: replaceAt(a.jumbledAnswers, { 0: '', 3: 'x' }) }));
    const typed = 'Tihs is not the paragraph';
    expect(cardsFromAttempt(structuredClone(result), typed, OPTIONS)).toEqual(cardsFromAttempt(result, typed, OPTIONS));
    const keys = cardsFromAttempt(result, typed, OPTIONS).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

// ---- writing feedback ----

const issue = (text: string, flagged: string, category: WritingIssue['category'], ruleId = 'RULE', from = 0): WritingIssue => ({
  offset: text.indexOf(flagged, from),
  length: flagged.length,
  category,
  ruleId,
  explanation: `${category} explanation`,
  message: `${ruleId} message`,
  replacements: [],
});

const language = (issues: WritingIssue[]): LanguageReport => ({
  words: 10,
  notEnglish: false,
  issues,
  errorsPer100Words: { grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 },
  accuracy: 90,
});

function feedback(passageText: string, passageIssues: WritingIssue[], emailText = '', emailIssues: WritingIssue[] = []): WritingFeedback {
  const passage = (index: number, text: string, issues: WritingIssue[]) => ({
    index,
    blank: text === '',
    text,
    recall: 50,
    sentences: [],
    orderKept: null,
    length: { words: 10, originalWords: 10, verdict: 'fair' as const },
    language: language(issues),
    score: 50,
  });
  return {
    attemptId: 'attempt-9',
    testId: 6,
    submittedAt: '2026-11-26T10:00:00.000Z',
    createdAt: '2026-11-26T10:01:00.000Z',
    passages: [passage(0, '', []), passage(1, passageText, passageIssues), passage(2, '', [])],
    email: { text: emailText, language: language(emailIssues) } as WritingFeedback['email'],
    profile: {} as WritingFeedback['profile'],
    checker: { name: 'LanguageTool', version: '6', variant: 'en-GB' },
  };
}

describe('cardsFromFeedback', () => {
  const TEXT = 'The library close on Monday. Students can return there books.\nIt open again on Wedensday, at eight.';

  it('makes one card per sentence with grammar or spelling issues, offsets within the sentence, all its issues on it', () => {
    const issues = [issue(TEXT, 'close', 'grammar', 'AGREEMENT'), issue(TEXT, 'open', 'grammar', 'AGREEMENT'), issue(TEXT, 'Wedensday', 'spelling', 'MORFOLOGIK_RULE_EN_GB')];
    const cards = cardsFromFeedback(feedback(TEXT, issues));
    expect(cards.map((c) => [c.key, c.sentence])).toEqual([
      ['fix:attempt-9:passage:1:0', 'The library close on Monday.'],
      ['fix:attempt-9:passage:1:2', 'It open again on Wedensday, at eight.'],
    ]);
    expect(cards[1]).toMatchObject({ kind: 'fix-sentence', skill: 'grammar', testId: 6, premium: false, section: 'passage', textIndex: 1, sentenceIndex: 2 });
    expect(cards[1]!.issues).toEqual([
      { offset: 3, length: 4, category: 'grammar', ruleId: 'AGREEMENT', message: 'AGREEMENT message', explanation: 'grammar explanation' },
      { offset: 17, length: 9, category: 'spelling', ruleId: 'MORFOLOGIK_RULE_EN_GB', message: 'MORFOLOGIK_RULE_EN_GB message', explanation: 'spelling explanation' },
    ]);
    expect(cards.flatMap((card) => card.issues.map((i) => card.sentence.slice(i.offset, i.offset + i.length)))).toEqual(['close', 'open', 'Wedensday']);
    for (const card of cards) expect(practiceCardSchema.parse(card)).toEqual(card);
  });

  it('makes no card for punctuation, style or variant issues', () => {
    const issues = [issue(TEXT, 'there', 'style'), issue(TEXT, ',', 'punctuation'), issue(TEXT, 'library', 'variant')];
    expect(cardsFromFeedback(feedback(TEXT, issues))).toEqual([]);
  });

  it('makes cards from the email too, as section email, text 0', () => {
    const email = 'Dear Sir,\n\nI has a problem with my tap.';
    const cards = cardsFromFeedback(feedback('', [], email, [issue(email, 'has', 'grammar', 'HAVE_PART')]));
    expect(cards).toMatchObject([{ key: 'fix:attempt-9:email:0:1', section: 'email', textIndex: 0, sentenceIndex: 1, sentence: 'I has a problem with my tap.', issues: [{ offset: 2, length: 3 }] }]);
  });

  it(`skips a sentence longer than ${MAX_FIX_SENTENCE_CHARS} characters, and one at the limit makes a card`, () => {
    const sentenceOf = (length: number) => `He go ${'a'.repeat(length - 7)}.`;
    const long = sentenceOf(MAX_FIX_SENTENCE_CHARS + 1);
    const atLimit = sentenceOf(MAX_FIX_SENTENCE_CHARS);
    expect(atLimit).toHaveLength(MAX_FIX_SENTENCE_CHARS);
    expect(cardsFromFeedback(feedback(long, [issue(long, 'go', 'grammar')]))).toEqual([]);
    expect(cardsFromFeedback(feedback(atLimit, [issue(atLimit, 'go', 'grammar')]))).toHaveLength(1);
  });

  it('builds the same cards from the same feedback twice (a redelivered feedback.ready)', () => {
    const issues = [issue(TEXT, 'close', 'grammar')];
    expect(cardsFromFeedback(feedback(TEXT, issues))).toEqual(cardsFromFeedback(structuredClone(feedback(TEXT, issues))));
  });
});
