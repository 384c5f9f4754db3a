import { describe, expect, it } from 'vitest';
import { emailPromptSchema, fillItemSchema, jumbledItemSchema, passageItemSchema, sentenceItemSchema, typingItemSchema } from './schema';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }): string[] =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('sentence items', () => {
  it('accepts one blank and a short list of answers', () => {
    expect(sentenceItemSchema.safeParse({ id: 1, question: 'She ___ (go) home early yesterday.', acceptableAnswers: ['went'] }).success).toBe(true);
  });
  it.each([
    ['no blank', 'She went home.'],
    ['two blanks', 'She ___ home ___.'],
    ['a longer line', 'She ____ home.'],
  ])('rejects %s', (_, question) => {
    expect(messages(sentenceItemSchema.safeParse({ id: 1, question, acceptableAnswers: ['went'] }))).toContain(
      'the question must contain the blank ___ exactly once',
    );
  });
  it('rejects empty, repeated or too many answers', () => {
    expect(sentenceItemSchema.safeParse({ id: 1, question: 'A ___.', acceptableAnswers: [] }).success).toBe(false);
    expect(messages(sentenceItemSchema.safeParse({ id: 1, question: 'A ___.', acceptableAnswers: ['cat', 'Cat'] }))).toContain(
      'acceptable answers must differ from each other',
    );
    expect(sentenceItemSchema.safeParse({ id: 1, question: 'A ___.', acceptableAnswers: ['a', 'b', 'c', 'd', 'e', 'f'] }).success).toBe(false);
  });
});

describe('fill items', () => {
  const item = { id: 1, question: 'The meeting was ___ until Friday.', options: ['postponed', 'prevented', 'preferred'], answer: 'postponed' };
  it('accepts three distinct options holding the answer', () => {
    expect(fillItemSchema.safeParse(item).success).toBe(true);
  });
  it('rejects an answer outside the options and repeated options', () => {
    expect(messages(fillItemSchema.safeParse({ ...item, answer: 'delayed' }))).toContain('the answer must be one of the options');
    expect(messages(fillItemSchema.safeParse({ ...item, options: ['postponed', 'Postponed', 'preferred'] }))).toContain('the three options must differ');
    expect(fillItemSchema.safeParse({ ...item, options: ['postponed', 'preferred'] }).success).toBe(false);
  });
});

describe('jumbled items', () => {
  const item = { id: 1, jumbled: 'closes/the/six/library/at', answer: 'The library closes at six.' };
  it('accepts a true permutation with the first word in lower case', () => {
    expect(jumbledItemSchema.safeParse(item).success).toBe(true);
    expect(jumbledItemSchema.safeParse({ id: 2, jumbled: 'tea/Maria/green/drinks', answer: 'Maria drinks green tea.' }).success).toBe(true);
    expect(jumbledItemSchema.safeParse({ id: 3, jumbled: 'tea/like/I/green', answer: 'I like green tea.' }).success).toBe(true);
  });
  it('rejects missing or extra words', () => {
    expect(messages(jumbledItemSchema.safeParse({ ...item, jumbled: 'closes/the/six/library' }))).toContain("the jumbled words must be exactly the answer's words");
    expect(messages(jumbledItemSchema.safeParse({ ...item, jumbled: 'closes/the/six/library/at/at' }))).toContain(
      "the jumbled words must be exactly the answer's words",
    );
  });
  it('rejects words already in order, and a capital that gives the first word away', () => {
    expect(messages(jumbledItemSchema.safeParse({ ...item, jumbled: 'the/library/closes/six/at' }))).toContain('the jumbled order is too close to the answer');
    expect(messages(jumbledItemSchema.safeParse({ ...item, jumbled: 'closes/The/six/library/at' }))).toContain(
      'write the first word in lower case in the jumbled words ("the")',
    );
  });
  it('rejects commas, digits and a missing final stop', () => {
    expect(jumbledItemSchema.safeParse({ id: 1, jumbled: 'at/six/closes/it', answer: 'It closes at 6.' }).success).toBe(false);
    expect(jumbledItemSchema.safeParse({ id: 1, jumbled: 'at/six/closes/it', answer: 'It closes at six' }).success).toBe(false);
    expect(jumbledItemSchema.safeParse({ id: 1, jumbled: 'at/six/closes/it/well', answer: 'Well, it closes at six.' }).success).toBe(false);
  });
  it('checks alternatives use the same words', () => {
    const movable = { id: 1, jumbled: 'met/yesterday/friend/I/an/old', answer: 'Yesterday I met an old friend.' };
    expect(jumbledItemSchema.safeParse({ ...movable, alternatives: ['I met an old friend yesterday.'] }).success).toBe(true);
    expect(jumbledItemSchema.safeParse({ ...movable, alternatives: ['I met a friend yesterday.'] }).success).toBe(false);
  });
});

describe('typing and passages', () => {
  const sentence = 'We walk to the park near our house every morning before school starts.';
  it('bounds the typing paragraph by words and characters', () => {
    expect(typingItemSchema.safeParse({ id: 1, paragraph: Array(6).fill(sentence).join(' ') }).success).toBe(true);
    expect(typingItemSchema.safeParse({ id: 1, paragraph: sentence }).success).toBe(false);
    expect(typingItemSchema.safeParse({ id: 1, paragraph: Array(6).fill(sentence).join(' ').replace('park', 'park (the big one)') }).success).toBe(false);
  });
  it('counts a passage in sentences and words', () => {
    expect(passageItemSchema.safeParse({ id: 1, sentences: Array(4).fill(sentence).join(' ') }).success).toBe(true);
    expect(messages(passageItemSchema.safeParse({ id: 1, sentences: Array(2).fill(sentence).join(' ') }))).toContain('a passage has 3-5 sentences (found 2)');
  });
});

describe('email prompts and their points', () => {
  const prompt = 'Write a formal email to your landlord about the kitchen tap in your flat. It has been leaking for three days, and water is collecting under the sink. In your email, describe the problem, say when it started, and ask when someone can come to repair it.';
  const points = [
    { point: 'describe the problem', signals: ['leak', 'drip', 'tap'] },
    { point: 'say when it started', signals: ['since', 'started', 'three days'] },
  ];

  it('accepts two to four points of three to ten lower-case signals', () => {
    expect(messages(emailPromptSchema.safeParse({ id: 1, prompt, points }))).toEqual([]);
    expect(emailPromptSchema.safeParse({ id: 1, prompt, points: points.slice(0, 1) }).success).toBe(false);
    expect(emailPromptSchema.safeParse({ id: 1, prompt, points: [points[0], { point: 'x', signals: ['a b', 'c d'] }] }).success).toBe(false);
  });

  it('rejects a signal made only of function words, a capital, a long phrase, and a signal shared by two points', () => {
    const with_ = (signal: string) => messages(emailPromptSchema.safeParse({ id: 1, prompt, points: [points[0], { ...points[1], signals: ['since', 'started', signal] }] }));
    expect(with_('when')).toContain('a signal needs a content word ("how" or "when" alone is in every email)');
    expect(with_('Monday')).toContain('a signal is lower-case letters (words, hyphens, apostrophes)');
    expect(with_('for three whole days')).toContain('a signal has at most 3 words');
    expect(with_('tap')).toContain('the signal "tap" belongs to two points');
  });
});
