import { ANSWER_LIMITS, attemptSubmissionSchema, toPublicTest } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { describe, expect, it } from 'vitest';
import { answersFor } from './answers.js';

const publicTest = (id) => JSON.parse(JSON.stringify(toPublicTest(assembleTest(questionBank(), id))));

describe('answersFor', () => {
  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('answers every section of test %i as the contract accepts it', (id) => {
    const parsed = attemptSubmissionSchema.safeParse({ submissionId: crypto.randomUUID(), answers: answersFor(publicTest(id)) });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('sends what a learner of middling skill types: a minute of typing with its keystroke timeline, every item answered', () => {
    const answers = answersFor(publicTest(7));
    expect(answers.typing.text.length).toBeGreaterThan(150);
    expect(answers.typing.timeline.length).toBeGreaterThan(answers.typing.text.length);
    expect(answers.typing.timeline.length).toBeLessThanOrEqual(ANSWER_LIMITS.typingTimeline);
    expect(answers.typing.elapsedMs).toBe(ANSWER_LIMITS.typingElapsedMs);
    for (const list of [answers.sentenceAnswers, answers.fillAnswers, answers.jumbledAnswers, answers.passageInputs]) expect(list.every((a) => a.length > 0)).toBe(true);
    expect(answers.emailInput.split(/\s+/).length).toBeGreaterThan(80);
  });

  it('answers a fill-in item with one of its options', () => {
    const test = publicTest(2);
    answersFor(test).fillAnswers.forEach((answer, i) => expect(test.fills[i].options).toContain(answer));
  });
});
