import { ANSWER_LIMITS } from '@fluent/contracts';
import { describe, expect, it } from 'vitest';
import { publicTest } from '@/testing/public-test';
import {
  canGoOn,
  createRunnerState,
  isInProgress,
  nextWakeMs,
  remainingMs,
  createResumedState,
  retryDelayMs,
  runnerReducer,
  stageKey,
  toTestAnswers,
  type RunnerAction,
  type RunnerState,
} from './test-flow';

const T0 = 1_000_000;
const fresh = () => createRunnerState(publicTest(4), 'sub-1', T0);

/** Applies actions in order. */
const run = (state: RunnerState, ...actions: RunnerAction[]) => actions.reduce(runnerReducer, state);
/** The key-carrying actions, aimed at the state's current stage. */
const next = (s: RunnerState, now: number) => runnerReducer(s, { type: 'next', key: stageKey(s.stage), now });
const enter = (s: RunnerState, now: number) => runnerReducer(s, { type: 'enter', key: stageKey(s.stage), now });
const input = (s: RunnerState, value: string, now: number) => runnerReducer(s, { type: 'input', key: stageKey(s.stage), value, now });
const tick = (s: RunnerState, now: number) => runnerReducer(s, { type: 'tick', now });

/** Started, at the intro card of typing. */
const started = () => runnerReducer(fresh(), { type: 'start-test', now: T0 });
/** Typing running, started at T0. */
const typing = () => next(started(), T0);
/** At the intro card of `section`, by answering everything before it at T0. */
function introOf(section: 'sentence' | 'fill' | 'jumbled' | 'passage' | 'email'): RunnerState {
  let s = input(typing(), 'The quick', T0 + 5_000);
  s = next(s, T0 + 5_000);
  while (!(s.stage.kind === 'section-intro' && s.stage.section === section)) {
    if (s.stage.kind === 'section-intro' || s.stage.kind === 'passage-read') s = next(s, s.now);
    else s = next(input(s, 'answer', s.now), s.now);
  }
  return s;
}

describe('the start', () => {
  it('begins not started, with a blank answer per item, and nothing to warn about', () => {
    const s = fresh();
    expect(s.stage).toEqual({ kind: 'not-started' });
    expect(s.answers.sentence).toEqual(Array(10).fill(''));
    expect(s.answers.fill).toHaveLength(10);
    expect(s.answers.jumbled).toHaveLength(15);
    expect(s.answers.passage).toHaveLength(3);
    expect(isInProgress(s)).toBe(false);
    expect(remainingMs(s)).toBeUndefined();
  });

  it('Start Test opens the typing intro card, untimed; the test is now in progress', () => {
    const s = started();
    expect(s.stage).toEqual({ kind: 'section-intro', section: 'typing' });
    expect(isInProgress(s)).toBe(true);
    expect(nextWakeMs(s, T0)).toBeUndefined();
    // A long wait on an intro card changes nothing.
    expect(tick(s, T0 + 3_600_000).stage).toEqual(s.stage);
  });

  it('Start Section starts the section timer then; an action for another stage is dropped', () => {
    const s = started();
    expect(runnerReducer(s, { type: 'next', key: 'intro-fill', now: T0 }).stage).toEqual(s.stage);
    expect(next(s, T0 + 7_000).stage).toEqual({ kind: 'typing', startedAt: T0 + 7_000, deadline: T0 + 67_000, timeUp: false });
  });

  it('Enter on an intro card starts the section too', () => {
    expect(enter(started(), T0).stage.kind).toBe('typing');
  });
});

describe('typing (docs/product.md#test-flow)', () => {
  it('records the text and a timeline entry per change of length', () => {
    let s = input(typing(), 'T', T0 + 400);
    s = input(s, 'Th', T0 + 650.4);
    s = input(s, 'Tx', T0 + 900); // same length: the text changes, no new entry
    s = input(s, 'T', T0 + 1_200);
    expect(s.answers.typing.text).toBe('T');
    expect(s.answers.typing.timeline).toEqual([
      [400, 1],
      [650, 2],
      [1_200, 1],
    ]);
  });

  it('caps the timeline, moving its last entry so the final length stays right', () => {
    let s = typing();
    let text = '';
    for (let i = 0; i < ANSWER_LIMITS.typingTimeline + 5; i++) {
      text = i % 2 === 0 ? `${text}a` : text.slice(0, -1);
      s = input(s, text, T0 + i * 10);
    }
    const { timeline } = s.answers.typing;
    expect(timeline).toHaveLength(ANSWER_LIMITS.typingTimeline);
    expect(timeline.at(-1)).toEqual([(ANSWER_LIMITS.typingTimeline + 4) * 10, text.length]);
  });

  it('cuts the text at the submission limit', () => {
    const s = input(typing(), 'x'.repeat(ANSWER_LIMITS.typingText + 10), T0 + 1);
    expect(s.answers.typing.text).toHaveLength(ANSWER_LIMITS.typingText);
  });

  it('ignores Enter while time remains, even with text typed', () => {
    const s = input(typing(), 'The quick', T0 + 3_000);
    expect(enter(s, T0 + 4_000)).toMatchObject({ stage: { kind: 'typing', timeUp: false } });
  });

  it("keeps 'Press Enter to Skip' disabled until something is typed, then it ends typing early", () => {
    const blank = typing();
    expect(canGoOn(blank)).toBe(false);
    expect(next(blank, T0 + 2_000).stage.kind).toBe('typing');
    expect(canGoOn(input(blank, '   ', T0 + 1_000))).toBe(false);
    const s = next(input(blank, 'The quick', T0 + 3_000), T0 + 12_345);
    expect(s.stage).toEqual({ kind: 'section-intro', section: 'sentence' });
    expect(s.answers.typing.elapsedMs).toBe(12_345);
  });

  it('at 0 s stops input, counts the full 60 s and waits for Continue or Enter', () => {
    let s = input(typing(), 'The', T0 + 1_000);
    expect(tick(s, T0 + 59_999).stage).toMatchObject({ kind: 'typing', timeUp: false });
    s = tick(s, T0 + 60_000);
    expect(s.stage).toMatchObject({ kind: 'typing', timeUp: true });
    expect(s.answers.typing.elapsedMs).toBe(60_000);
    expect(remainingMs(s)).toBe(0);
    expect(nextWakeMs(s, T0 + 60_000)).toBeUndefined();
    expect(input(s, 'The quick', T0 + 60_100).answers.typing.text).toBe('The');
    // Still on the typing screen however long the learner waits.
    expect(tick(s, T0 + 600_000).stage.kind).toBe('typing');
    expect(enter(s, T0 + 61_000).stage).toEqual({ kind: 'section-intro', section: 'sentence' });
  });

  it("lets 'Continue' go on with nothing typed once time is up", () => {
    const s = tick(typing(), T0 + 60_000);
    expect(canGoOn(s)).toBe(true);
    expect(next(s, T0 + 60_500).stage).toEqual({ kind: 'section-intro', section: 'sentence' });
    expect(s.answers.typing.text).toBe('');
  });

  it('treats input that arrives after the deadline as too late', () => {
    const s = runnerReducer(typing(), { type: 'input', key: 'typing', value: 'late', now: T0 + 60_001 });
    expect(s.answers.typing.text).toBe('');
    expect(s.stage).toMatchObject({ timeUp: true });
  });
});

describe('sentence, fill and jumbled questions', () => {
  it('start at question 1 with a 30 s deadline from Start Section', () => {
    const s = next(introOf('sentence'), T0 + 100_000);
    expect(s.stage).toEqual({ kind: 'question', section: 'sentence', index: 0, deadline: T0 + 130_000 });
  });

  it('ignore Enter and keep Next disabled while the answer is empty or blank', () => {
    let s = next(introOf('sentence'), T0);
    expect(canGoOn(s)).toBe(false);
    expect(enter(s, T0 + 1).stage).toMatchObject({ index: 0 });
    s = input(s, '  ', T0 + 2);
    expect(canGoOn(s)).toBe(false);
    expect(enter(s, T0 + 3).stage).toMatchObject({ index: 0 });
    expect(next(s, T0 + 3).stage).toMatchObject({ index: 0 });
  });

  it('advance on Enter or Next, restarting the 30 s from that moment', () => {
    let s = next(introOf('sentence'), T0);
    s = enter(input(s, 'went', T0 + 4_000), T0 + 5_000);
    expect(s.stage).toEqual({ kind: 'question', section: 'sentence', index: 1, deadline: T0 + 35_000 });
    s = next(input(s, 'in', T0 + 6_000), T0 + 7_000);
    expect(s.stage).toMatchObject({ index: 2, deadline: T0 + 37_000 });
    expect(s.answers.sentence.slice(0, 3)).toEqual(['went', 'in', '']);
  });

  it('move a blank answer on when time runs out', () => {
    const s = tick(next(introOf('sentence'), T0), T0 + 30_000);
    expect(s.stage).toMatchObject({ index: 1, deadline: T0 + 60_000 });
    expect(s.answers.sentence[0]).toBe('');
  });

  it('move what was typed on when time runs out', () => {
    const s = tick(input(next(introOf('jumbled'), T0), 'We walk', T0 + 10_000), T0 + 30_000);
    expect(s.stage).toMatchObject({ section: 'jumbled', index: 1 });
    expect(s.answers.jumbled[0]).toBe('We walk');
  });

  it('catch up late timers from the deadlines, not from when the tab woke up', () => {
    // A background tab wakes 75 s after question 1 began: questions 1 and 2 have timed out.
    const s = tick(next(introOf('fill'), T0), T0 + 75_000);
    expect(s.stage).toEqual({ kind: 'question', section: 'fill', index: 2, deadline: T0 + 90_000 });
    expect(remainingMs(s)).toBe(15_000);
  });

  it('stop catching up at the next intro card, which has no timer', () => {
    const s = tick(next(introOf('sentence'), T0), T0 + 3_600_000);
    expect(s.stage).toEqual({ kind: 'section-intro', section: 'fill' });
    expect(s.answers.sentence).toEqual(Array(10).fill(''));
  });

  it('drop an answer typed for a question whose time ran out meanwhile', () => {
    const s = next(introOf('sentence'), T0);
    const late = runnerReducer(s, { type: 'input', key: 'sentence-0', value: 'went', now: T0 + 30_010 });
    expect(late.stage).toMatchObject({ index: 1 });
    expect(late.answers.sentence.slice(0, 2)).toEqual(['', '']);
    // Likewise a Next clicked on question 1 does not skip question 2.
    const click = runnerReducer(input(s, 'went', T0 + 1), { type: 'next', key: 'sentence-0', now: T0 + 30_010 });
    expect(click.stage).toMatchObject({ index: 1 });
  });

  it('take a chosen option as the fill answer, and Enter acts once one is chosen', () => {
    let s = next(introOf('fill'), T0);
    expect(enter(s, T0 + 1).stage).toMatchObject({ index: 0 });
    s = enter(input(s, 'sunny', T0 + 2), T0 + 3);
    expect(s.stage).toMatchObject({ section: 'fill', index: 1 });
    expect(s.answers.fill[0]).toBe('sunny');
  });

  it('go from the last question of a section to the next intro card', () => {
    const sections = [
      ['sentence', 10, 'fill'],
      ['fill', 10, 'jumbled'],
      ['jumbled', 15, 'passage'],
    ] as const;
    for (const [section, count, following] of sections) {
      let s = next(introOf(section), T0);
      for (let i = 0; i < count; i++) {
        expect(s.stage).toMatchObject({ kind: 'question', section, index: i });
        s = next(input(s, `a${i}`, T0), T0);
      }
      expect(s.stage).toEqual({ kind: 'section-intro', section: following });
      expect(s.answers[section]).toEqual(Array.from({ length: count }, (_, i) => `a${i}`));
    }
  });

  it('cut answers at the submission limits', () => {
    const s = input(next(introOf('sentence'), T0), 'y'.repeat(500), T0 + 1);
    expect(s.answers.sentence[0]).toHaveLength(ANSWER_LIMITS.shortAnswer);
    const j = input(next(introOf('jumbled'), T0), 'y'.repeat(500), T0 + 1);
    expect(j.answers.jumbled[0]).toHaveLength(ANSWER_LIMITS.jumbledAnswer);
  });
});

describe('passages', () => {
  it('read for 30 s, then write for 90 s from the end of reading', () => {
    let s = next(introOf('passage'), T0);
    expect(s.stage).toEqual({ kind: 'passage-read', index: 0, deadline: T0 + 30_000 });
    expect(canGoOn(s)).toBe(true);
    s = tick(s, T0 + 30_000);
    expect(s.stage).toEqual({ kind: 'passage-write', index: 0, deadline: T0 + 120_000 });
  });

  it("end reading early on I'm Ready or Enter", () => {
    const s = next(introOf('passage'), T0);
    expect(next(s, T0 + 5_000).stage).toEqual({ kind: 'passage-write', index: 0, deadline: T0 + 95_000 });
    expect(enter(s, T0 + 6_000).stage).toEqual({ kind: 'passage-write', index: 0, deadline: T0 + 96_000 });
  });

  it('ignore Enter on an empty reconstruction, then save it and read the next passage', () => {
    let s = next(next(introOf('passage'), T0), T0);
    expect(canGoOn(s)).toBe(false);
    expect(enter(s, T0 + 1).stage.kind).toBe('passage-write');
    s = enter(input(s, 'Tom bought bread.', T0 + 2), T0 + 3);
    expect(s.stage).toEqual({ kind: 'passage-read', index: 1, deadline: T0 + 30_003 });
    expect(s.answers.passage).toEqual(['Tom bought bread.', '', '']);
  });

  it('save a blank reconstruction on timeout, and go to the email intro after the third', () => {
    let s = next(introOf('passage'), T0);
    s = tick(s, T0 + 3 * 120_000);
    expect(s.stage).toEqual({ kind: 'section-intro', section: 'email' });
    expect(s.answers.passage).toEqual(['', '', '']);
  });
});

describe('email and the end', () => {
  it('runs 300 s, ignores Enter while empty, and ends the test on Enter with text', () => {
    let s = next(introOf('email'), T0);
    expect(s.stage).toEqual({ kind: 'email', deadline: T0 + 300_000 });
    expect(enter(s, T0 + 1).stage.kind).toBe('email');
    expect(canGoOn(s)).toBe(false);
    s = enter(input(s, 'Dear Ms Lee,', T0 + 2), T0 + 3);
    expect(s.stage).toEqual({ kind: 'finished', timedOut: false, submission: { state: 'sending', tries: 1 } });
    expect(isInProgress(s)).toBe(false);
  });

  it('ends the test on timeout, even with nothing written', () => {
    const s = tick(next(introOf('email'), T0), T0 + 300_000);
    expect(s.stage).toEqual({ kind: 'finished', timedOut: true, submission: { state: 'sending', tries: 1 } });
    expect(s.answers.email).toBe('');
  });

  it('ignores every key and input once finished', () => {
    const s = tick(next(introOf('email'), T0), T0 + 300_000);
    expect(input(s, 'late', T0 + 300_001)).toEqual({ ...s, now: T0 + 300_001 });
    expect(enter(s, T0 + 300_002).stage).toEqual(s.stage);
    expect(next(s, T0 + 300_002).stage).toEqual(s.stage);
  });

  it('gives the server the answers in the order of docs/product.md#what-is-stored, with the typing timeline', () => {
    const s = tick(next(introOf('email'), T0), T0 + 300_000);
    const answers = toTestAnswers(s.answers);
    expect(answers.typing).toEqual({ text: 'The quick', elapsedMs: 5_000, timeline: [[5_000, 9]] });
    expect(answers.sentenceAnswers).toEqual(Array(10).fill('answer'));
    expect(answers.fillAnswers).toHaveLength(10);
    expect(answers.jumbledAnswers).toHaveLength(15);
    expect(answers.passageInputs).toEqual(Array(3).fill('answer'));
    expect(answers.emailInput).toBe('');
  });
});

describe('the submission', () => {
  const finished = () => tick(next(introOf('email'), T0), T0 + 300_000);
  const END = T0 + 300_000;

  it('retries a passing failure after 1 s, 2 s, 4 s … with the same submission id', () => {
    let s = runnerReducer(finished(), { type: 'submit-failed', now: END + 100, message: 'offline', retryable: true });
    expect(s.stage).toMatchObject({ submission: { state: 'waiting', tries: 1, retryAt: END + 1_100, message: 'offline' } });
    expect(nextWakeMs(s, END + 100)).toBe(1_000);
    expect(tick(s, END + 1_099).stage).toMatchObject({ submission: { state: 'waiting' } });
    s = tick(s, END + 1_100);
    expect(s.stage).toMatchObject({ submission: { state: 'sending', tries: 2 } });
    s = runnerReducer(s, { type: 'submit-failed', now: END + 2_000, message: 'offline', retryable: true });
    expect(s.stage).toMatchObject({ submission: { state: 'waiting', tries: 2, retryAt: END + 4_000 } });
    expect(s.submissionId).toBe('sub-1');
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('tries again at once when asked', () => {
    const waiting = runnerReducer(finished(), { type: 'submit-failed', now: END, message: 'offline', retryable: true });
    expect(canGoOn(waiting)).toBe(true);
    expect(runnerReducer(waiting, { type: 'retry-now', now: END + 10 }).stage).toMatchObject({ submission: { state: 'sending', tries: 2 } });
    // Not while a try is under way.
    expect(canGoOn(finished())).toBe(false);
    expect(runnerReducer(finished(), { type: 'retry-now', now: END }).stage).toEqual(finished().stage);
  });

  it('stops on a refusal, and records the attempt on success', () => {
    const refused = runnerReducer(finished(), { type: 'submit-failed', now: END, message: 'You have already attempted this test.', retryable: false });
    expect(refused.stage).toMatchObject({ submission: { state: 'rejected', message: 'You have already attempted this test.' } });
    expect(nextWakeMs(refused, END)).toBeUndefined();
    const done = runnerReducer(finished(), { type: 'submit-succeeded', now: END, attemptId: 'a1' });
    expect(done.stage).toMatchObject({ submission: { state: 'done', attemptId: 'a1' } });
    // A late answer to an earlier try changes nothing.
    expect(run(done, { type: 'submit-failed', now: END, message: 'x', retryable: true }).stage).toEqual(done.stage);
  });

  it('resumes a stored, unconfirmed submission as it was', () => {
    const s = finished();
    const resumed = createResumedState(4, { submissionId: 'sub-9', answers: toTestAnswers(s.answers) }, T0);
    expect(resumed.stage).toEqual({ kind: 'finished', timedOut: false, submission: { state: 'sending', tries: 1 } });
    expect(resumed.submissionId).toBe('sub-9');
    expect(toTestAnswers(resumed.answers)).toEqual(toTestAnswers(s.answers));
    expect(resumed.counts).toEqual(s.counts);
    expect(resumed.testId).toBe(4);
  });
});

describe('timer wake-ups', () => {
  it('wake when the shown second changes, and at the deadline', () => {
    const s = typing();
    expect(nextWakeMs(s, T0)).toBe(1_000);
    expect(nextWakeMs(s, T0 + 250)).toBe(750);
    expect(nextWakeMs(s, T0 + 59_900)).toBe(100);
    expect(nextWakeMs(s, T0 + 60_000)).toBe(0);
    expect(nextWakeMs(s, T0 + 61_000)).toBe(0);
  });

  it('show the time left from the last action', () => {
    expect(remainingMs(tick(typing(), T0 + 12_300))).toBe(47_700);
  });
});
