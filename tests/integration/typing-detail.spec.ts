import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, type AttemptResult } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { api } from '../support/stack';
import { bearer, signUp } from '../support/users';

// The runner's keystroke timeline through the gateway and catalog-service into the database and
// back: the typing detail is computed by libs/scoring and stored with the attempt.
describe('typing detail of an attempt', () => {
  it('is scored from the timeline, stored, and given back with the attempt', async () => {
    const { tokens } = await signUp();
    const paragraph = assembleTest(questionBank(), 1)!.typing.paragraph;
    const typed = paragraph.slice(0, 40);
    // One character every 250 ms, with three deleted and typed again at 5 s.
    const timeline: Array<[number, number]> = [...typed].map((_, i) => [(i + 1) * 250, i + 1]);
    timeline.push([10_100, 39], [10_200, 38], [10_300, 37], [10_400, 38], [10_500, 39], [10_600, 40]);
    const answers = blankAnswers({ typing: { text: typed, elapsedMs: 12_000, timeline } });

    const created = await submitAttempt(tokens.accessToken, 1, submission(answers));
    expect(created.status).toBe(201);
    const result = created.body as AttemptResult;
    expect(result.typingResults.accuracy).toBe(100);
    expect(result.score.typingDetail).toMatchObject({ errorsCorrected: 3, errorsLeft: 0, netWpm: 40, rawWpm: 43 });
    expect(result.score.typingDetail!.perSecond).toHaveLength(12);

    const stored = await api(`/api/attempts/${result.attemptId}`, { headers: bearer(tokens.accessToken) });
    expect(stored.status).toBe(200);
    expect(stored.body.score.typingDetail).toEqual(result.score.typingDetail);
  });

  it('takes a timeline of the largest allowed size', async () => {
    const { tokens } = await signUp();
    const timeline: Array<[number, number]> = Array.from({ length: ANSWER_LIMITS.typingTimeline }, (_, i) => [Math.floor(i * 25), (i % 2) + 1]);
    const answers = blankAnswers({ typing: { text: 'O', elapsedMs: 60_000, timeline } });
    const created = await submitAttempt(tokens.accessToken, 2, submission(answers));
    expect(created.status).toBe(201);
    expect(created.body.score.typingDetail.errorsCorrected).toBe(ANSWER_LIMITS.typingTimeline / 2);
  });
});
