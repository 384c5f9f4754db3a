import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankTestAnswers } from '@fluent/contracts';
import { scoreTest } from '@fluent/scoring';
import { readDetail, storedDetail, toStoredAnswers } from './attempt.schema';

const test = assembleTest(questionBank(), 2)!;
const answers = toStoredAnswers(blankTestAnswers({ emailInput: 'Dear Sir, …', typing: { text: 'The', elapsedMs: 4000, timeline: [[1000, 1], [2000, 3]] } }));
const record = { _id: new Types.ObjectId(), uid: 'u1', testId: 2, submittedAt: new Date('2026-11-25T10:00:00Z'), answers, score: scoreTest(test, blankTestAnswers()), questions: test };

describe('attempt details as stored', () => {
  it('keeps the answers, the score and the questions as JSON text, and reads them back unchanged', () => {
    const stored = storedDetail(record);
    expect(typeof stored.answersJson).toBe('string');
    expect(typeof stored.scoreJson).toBe('string');
    expect(typeof stored.questionsJson).toBe('string');
    expect(stored).not.toHaveProperty('questions');
    expect(readDetail(stored)).toEqual(record);
  });

  it('reads a detail stored before the text fields, with its parts as documents', () => {
    const { _id, uid, testId, submittedAt } = record;
    expect(readDetail({ _id, uid, testId, submittedAt, answers: record.answers, score: record.score, questions: record.questions })).toEqual(record);
  });

  it('refuses a detail without its questions rather than show an empty result', () => {
    const { questionsJson: _dropped, ...damaged } = storedDetail(record);
    expect(() => readDetail(damaged)).toThrow(/has no questions/);
  });
});
