import { describe, expect, it } from 'vitest';
import { answerFormProblems } from './answer-forms';

describe('answerFormProblems', () => {
  it('accepts a negative listed in full and contracted, and forms without a negative', () => {
    expect(answerFormProblems(['has not finished', "hasn't finished", "'s not finished"])).toEqual([]);
    expect(answerFormProblems(['will not have to', "won't have to"])).toEqual([]);
    expect(answerFormProblems(['were announced', 'has got'])).toEqual([]);
  });

  it('names the missing contraction of a full negative, and the missing full form of a contraction', () => {
    expect(answerFormProblems(['are not allowed'])).toEqual([`"are not allowed" is listed without "aren't allowed"`]);
    expect(answerFormProblems(["won't be allowed"])).toEqual([`"won't be allowed" is listed without "will not be allowed"`]);
  });

  it('rejects the "get" passive', () => {
    expect(answerFormProblems(['were announced', 'got announced'])).toEqual([`"got announced" is a "get" passive, which is not a key`]);
    expect(answerFormProblems(['was stolen', 'got stolen'])).toEqual([`"got stolen" is a "get" passive, which is not a key`]);
  });
});
