import { describe, expect, it } from 'vitest';
import { questionBank } from '@fluent/question-bank';
import { signalsFound } from './email';
import { MODEL_EMAILS, UNRELATED_EMAIL } from './testing/model-emails';

const prompts = questionBank().emails;

describe('the bank’s email points, checked against answers written from the prompts', () => {
  it('gives every one of the 20 prompts two to four points', () => {
    expect(prompts).toHaveLength(20);
    for (const prompt of prompts) expect(prompt.points?.length).toBeGreaterThanOrEqual(2);
  });

  it.each(prompts.map((p) => [p.id, p] as const))('finds every point of prompt %i in its model answer', (id, prompt) => {
    const missing = (prompt.points ?? []).filter((point) => signalsFound(MODEL_EMAILS[id]!, point.signals).length === 0).map((p) => p.point);
    expect(missing).toEqual([]);
  });

  it('finds at most one point of any prompt in an email about something else', () => {
    const found = prompts.map((p) => (p.points ?? []).filter((point) => signalsFound(UNRELATED_EMAIL, point.signals).length > 0).length);
    expect(Math.max(...found)).toBeLessThanOrEqual(1);
  });
});
