import { describe, expect, it } from 'vitest';
import { isFillCorrect, isJumbledCorrect, isSentenceCorrect } from './answers';
import { normaliseAnswer } from './normalise';

describe('normaliseAnswer', () => {
  it.each([
    ['  Went ', 'went'],
    ['have   been', 'have been'],
    ['She walks to school.', 'she walks to school'],
    ['Is it raining?!', 'is it raining'],
    ['don\u2019t', "don't"],
    ['', ''],
  ])('%j -> %j', (input, expected) => expect(normaliseAnswer(input)).toBe(expected));
});

describe('isSentenceCorrect', () => {
  const item = { acceptableAnswers: ['since', 'Since'] };
  it('accepts any acceptable answer, ignoring case, spaces and end punctuation', () => {
    expect(isSentenceCorrect(item, 'since')).toBe(true);
    expect(isSentenceCorrect(item, ' SINCE. ')).toBe(true);
    expect(isSentenceCorrect({ acceptableAnswers: ['have been waiting'] }, 'have  been waiting')).toBe(true);
  });
  it('rejects other words and blanks', () => {
    expect(isSentenceCorrect(item, 'for')).toBe(false);
    expect(isSentenceCorrect(item, '')).toBe(false);
    expect(isSentenceCorrect({ acceptableAnswers: [''] }, '')).toBe(false);
  });
});

describe('isFillCorrect', () => {
  it('is right only for the answer', () => {
    expect(isFillCorrect({ answer: 'postponed' }, 'postponed')).toBe(true);
    expect(isFillCorrect({ answer: 'postponed' }, 'prevented')).toBe(false);
    expect(isFillCorrect({ answer: 'postponed' }, '')).toBe(false);
  });
});

describe('isJumbledCorrect', () => {
  const item = { answer: 'The library closes at six.', alternatives: [] };
  it('ignores case and final punctuation', () => {
    expect(isJumbledCorrect(item, 'the library closes at six')).toBe(true);
    expect(isJumbledCorrect(item, 'The library closes at six!')).toBe(true);
  });
  it('keeps the inner word order strict', () => {
    expect(isJumbledCorrect(item, 'The library at six closes')).toBe(false);
    expect(isJumbledCorrect(item, '')).toBe(false);
  });
  it('accepts a listed alternative order', () => {
    const movable = { answer: 'Yesterday I met an old friend.', alternatives: ['I met an old friend yesterday.'] };
    expect(isJumbledCorrect(movable, 'I met an old friend yesterday')).toBe(true);
  });
  it('ignores commas the learner adds, wherever they stand, but not the order around them', () => {
    const fronted = { answer: 'Which documents do I need to open a bank account?', alternatives: ['To open a bank account which documents do I need?'] };
    expect(isJumbledCorrect(fronted, 'To open a bank account, which documents do I need?')).toBe(true);
    expect(isJumbledCorrect(fronted, 'To open a bank account ,which documents do I need')).toBe(true);
    const reported = { answer: 'The mechanic said the brakes needed to be replaced.', alternatives: ['The brakes the mechanic said needed to be replaced.'] };
    expect(isJumbledCorrect(reported, 'The brakes, the mechanic said, needed to be replaced.')).toBe(true);
    expect(isJumbledCorrect(reported, 'The brakes, needed to be replaced, the mechanic said.')).toBe(false);
    expect(isJumbledCorrect(item, ',')).toBe(false);
  });
});
