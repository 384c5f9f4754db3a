import { describe, expect, it, vi } from 'vitest';
import type { AttemptWriting, WritingFeedback } from '@fluent/contracts';
import { UnprocessableEventError } from '@fluent/server-kit';
import { AttemptNotFoundError, type CatalogClient } from '../catalog/catalog.client';
import type { FeedbackEvents } from '../events/feedback-events.publisher';
import type { TextChecker } from '../harper/text-checker';
import { FeedbackPreparer } from './feedback-preparer.service';
import type { FeedbackStore } from './feedback.store';

const EVENT = { attemptId: 'a1', uid: 'u1', testId: 1, at: '2026-03-03T10:00:00.000Z' };
const WRITING: AttemptWriting = {
  attemptId: 'a1',
  uid: 'u1',
  testId: 1,
  submittedAt: '2026-03-03T10:00:00.000Z',
  passages: [
    { original: 'The cat sat on the mat. It was warm.', text: 'The cat sat on a mat.' },
    { original: 'Birds fly south.', text: '   ' },
    { original: 'Rain fell.', text: '' },
  ],
  email: { prompt: 'Write to your landlord.', points: [{ point: 'describe the problem', signals: ['leak', 'tap', 'drip'] }], text: 'Dear Sir, the tap leaks. Yours faithfully, Ann' },
  sections: { sentences: { correct: 5, total: 10 }, fills: { correct: 5, total: 10 }, jumbled: { correct: 5, total: 15 } },
};
const CHECKED = { checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' }, matches: [] };

function preparer(overrides: { exists?: boolean; writing?: () => Promise<AttemptWriting>; check?: () => Promise<unknown> } = {}) {
  const catalog = { attemptWriting: vi.fn(overrides.writing ?? (async () => WRITING)) };
  const languageTool = { check: vi.fn(overrides.check ?? (async () => CHECKED)) };
  const store = { exists: vi.fn(async () => overrides.exists ?? false), save: vi.fn(async () => true) };
  const events = { ready: vi.fn(async () => undefined) };
  const service = new FeedbackPreparer(catalog as unknown as CatalogClient, languageTool as unknown as TextChecker, store as unknown as FeedbackStore, events as unknown as FeedbackEvents);
  return { service, catalog, languageTool, store, events };
}

describe('FeedbackPreparer', () => {
  it('checks the non-blank texts only, stores the feedback under the attempt id, then announces it', async () => {
    const { service, languageTool, store, events } = preparer();
    await service.prepare(EVENT);
    // The model's budget runs from the submission (a backlog's attempts go without it).
    const since = { since: Date.parse(WRITING.submittedAt) };
    expect(languageTool.check.mock.calls).toEqual([['The cat sat on a mat.', since], [WRITING.email.text, since]]);
    const [feedback, uid] = store.save.mock.calls[0] as unknown as [{ attemptId: string; passages: { blank: boolean }[]; checker: unknown }, string];
    expect(uid).toBe('u1');
    expect(feedback.attemptId).toBe('a1');
    expect(feedback.passages.map((p) => p.blank)).toEqual([false, true, true]);
    expect(feedback.checker).toEqual(CHECKED.checker);
    expect(events.ready).toHaveBeenCalledWith(expect.objectContaining({ attemptId: 'a1', uid: 'u1', testId: 1 }));
    expect(store.save.mock.invocationCallOrder[0]).toBeLessThan(events.ready.mock.invocationCallOrder[0]!);
  });

  it('puts each text’s findings on its own part: every passage’s on that passage, the email’s on the email', async () => {
    const texts = ['The cat sit on a mat.', 'Birds flies south.', 'Rain fall.'];
    const email = 'Dear Sir, the tap leak. Yours faithfully, Ann';
    const writing = { ...WRITING, passages: WRITING.passages.map((p, i) => ({ ...p, text: texts[i]! })), email: { ...WRITING.email, text: email } };
    // LanguageTool's answer for each text: one match on its own word, under a rule named for the text.
    const planted: Record<string, [string, string]> = { [texts[0]!]: ['sit', 'PASSAGE_1'], [texts[1]!]: ['flies', 'PASSAGE_2'], [texts[2]!]: ['fall', 'PASSAGE_3'], [email]: ['leak', 'EMAIL'] };
    const check = async (text: string) => {
      const [word, ruleId] = planted[text]!;
      return { ...CHECKED, matches: [{ offset: text.indexOf(word), length: word.length, ruleId, categoryId: 'GRAMMAR', issueType: 'grammar', message: `${ruleId} message`, replacements: [] }] };
    };
    const { service, store } = preparer({ writing: async () => writing, check: check as () => Promise<unknown> });
    await service.prepare(EVENT);
    const [feedback] = store.save.mock.calls[0] as unknown as [WritingFeedback];
    const found = (text: string, issues: WritingFeedback['email']['language']['issues']) => issues.map((i) => [text.slice(i.offset, i.offset + i.length), i.ruleId]);
    expect(feedback.passages.map((p, i) => found(texts[i]!, p.language.issues))).toEqual([[['sit', 'PASSAGE_1']], [['flies', 'PASSAGE_2']], [['fall', 'PASSAGE_3']]]);
    expect(found(email, feedback.email.language.issues)).toEqual([['leak', 'EMAIL']]);
  });

  it('stores each passage’s comparison with its original beside the checker’s issues: "sat in the mat" where the passage says "sat on the mat"', async () => {
    const writing = { ...WRITING, passages: [{ original: 'The cat sat on the mat. It was warm.', text: 'The cat sat in the mat.' }, ...WRITING.passages.slice(1)] };
    const { service, store } = preparer({ writing: async () => writing });
    await service.prepare(EVENT);
    const [feedback] = store.save.mock.calls[0] as unknown as [{ passages: { deviations: unknown[] }[] }];
    expect(feedback.passages[0]!.deviations).toEqual([
      { offset: 12, length: 2, kind: 'preposition', expected: 'on', message: 'The passage says *on*.', explanation: expect.stringContaining('preposition') },
    ]);
    expect(feedback.passages.slice(1).map((p) => p.deviations)).toEqual([[], []]);
  });

  it('does nothing but announce again when the feedback is stored already (a redelivered event)', async () => {
    const { service, catalog, languageTool, store, events } = preparer({ exists: true });
    await service.prepare(EVENT);
    expect(catalog.attemptWriting).not.toHaveBeenCalled();
    expect(languageTool.check).not.toHaveBeenCalled();
    expect(store.save).not.toHaveBeenCalled();
    expect(events.ready).toHaveBeenCalledTimes(1);
  });

  it('dead-letters an event whose attempt the catalog does not know, or that names another learner', async () => {
    await expect(preparer({ writing: async () => Promise.reject(new AttemptNotFoundError('Attempt not found.')) }).service.prepare(EVENT)).rejects.toBeInstanceOf(UnprocessableEventError);
    await expect(preparer().service.prepare({ ...EVENT, uid: 'someone-else' })).rejects.toBeInstanceOf(UnprocessableEventError);
  });

  it('stores nothing and throws (to be retried) while LanguageTool or the catalog fails', async () => {
    const down = preparer({ check: async () => Promise.reject(new Error('fetch failed')) });
    await expect(down.service.prepare(EVENT)).rejects.toThrow('fetch failed');
    expect(down.store.save).not.toHaveBeenCalled();
    expect(down.events.ready).not.toHaveBeenCalled();
    const timeout = preparer({ writing: async () => Promise.reject(new Error('Timeout has occurred')) });
    await expect(timeout.service.prepare(EVENT)).rejects.not.toBeInstanceOf(UnprocessableEventError);
  });
});
