import { ANSWER_LIMITS, SECTION_KEYS, SECTION_TIMINGS_MS, type PublicTest, type SectionKey, type TestAnswers } from '@fluent/contracts';

/**
 * The test flow of docs/product.md#test-flow as a pure reducer: not started → (per section) intro card → timed
 * stages → … → finished, then the submission. No I/O: every action carries `now` from the one
 * clock the caller injects, and timers are deadlines (absolute times on that clock), so a late
 * or throttled timer never stretches a section; `tick` catches up on every deadline passed.
 */

export type QuestionSection = 'sentence' | 'fill' | 'jumbled';

export type Stage =
  | { kind: 'not-started' }
  | { kind: 'section-intro'; section: SectionKey }
  /** After the deadline the text is frozen and the button reads 'Continue' (docs/product.md#test-flow). */
  | { kind: 'typing'; startedAt: number; deadline: number; timeUp: boolean }
  | { kind: 'question'; section: QuestionSection; index: number; deadline: number }
  | { kind: 'passage-read'; index: number; deadline: number }
  | { kind: 'passage-write'; index: number; deadline: number }
  | { kind: 'email'; deadline: number }
  | { kind: 'finished'; timedOut: boolean; submission: Submission };

export type Submission =
  | { state: 'sending'; tries: number }
  | { state: 'waiting'; tries: number; retryAt: number; message: string }
  /** The server refused the answers for good (a 4xx other than a passing one). */
  | { state: 'rejected'; tries: number; message: string }
  | { state: 'done'; tries: number; attemptId: string };

export interface Answers {
  typing: { text: string; elapsedMs: number; timeline: Array<[number, number]> };
  sentence: string[];
  fill: string[];
  jumbled: string[];
  passage: string[];
  email: string;
}

export interface RunnerState {
  testId: number;
  /** How many items each section has (from the loaded test). */
  counts: { sentence: number; fill: number; jumbled: number; passage: number };
  stage: Stage;
  answers: Answers;
  /** Made once when the test starts, sent with every try: the server stores one attempt per id. */
  submissionId: string;
  /** The clock's time at the last action, for the timer display. */
  now: number;
}

export type RunnerAction =
  | { type: 'start-test'; now: number }
  | { type: 'input'; key: string; value: string; now: number }
  /** A button: Next, Start Section, 'Press Enter to Skip'/Continue, I'm Ready, Submit. */
  | { type: 'next'; key: string; now: number }
  | { type: 'enter'; key: string; now: number }
  | { type: 'tick'; now: number }
  | { type: 'submit-failed'; now: number; message: string; retryable: boolean }
  | { type: 'submit-succeeded'; now: number; attemptId: string }
  | { type: 'retry-now'; now: number };

/** The section taken after `section`; none after the last. */
const sectionAfter = (section: SectionKey): SectionKey | undefined => SECTION_KEYS[SECTION_KEYS.indexOf(section) + 1];

/** Pauses between automatic tries of a failed submission: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelayMs = (tries: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, tries - 1));

/** Identifies the stage an action was made on, so an action meant for a stage that has passed is dropped. */
export function stageKey(stage: Stage): string {
  switch (stage.kind) {
    case 'not-started':
    case 'typing':
    case 'email':
    case 'finished':
      return stage.kind;
    case 'section-intro':
      return `intro-${stage.section}`;
    case 'question':
      return `${stage.section}-${stage.index}`;
    case 'passage-read':
    case 'passage-write':
      return `${stage.kind}-${stage.index}`;
  }
}

export function createRunnerState(test: PublicTest, submissionId: string, now: number): RunnerState {
  const counts = { sentence: test.sentences.length, fill: test.fills.length, jumbled: test.jumbled.length, passage: test.passages.length };
  return {
    testId: test.testId,
    counts,
    stage: { kind: 'not-started' },
    answers: {
      typing: { text: '', elapsedMs: 0, timeline: [] },
      sentence: Array<string>(counts.sentence).fill(''),
      fill: Array<string>(counts.fill).fill(''),
      jumbled: Array<string>(counts.jumbled).fill(''),
      passage: Array<string>(counts.passage).fill(''),
      email: '',
    },
    submissionId,
    now,
  };
}

/**
 * A finished test whose submission the server has not confirmed yet (kept across a reload): it
 * is sent again at once. Needs no test content, which the server no longer gives once the
 * attempt is stored.
 */
export function createResumedState(testId: number, pending: { submissionId: string; answers: TestAnswers }, now: number): RunnerState {
  const { answers } = pending;
  return {
    testId,
    counts: { sentence: answers.sentenceAnswers.length, fill: answers.fillAnswers.length, jumbled: answers.jumbledAnswers.length, passage: answers.passageInputs.length },
    submissionId: pending.submissionId,
    answers: {
      typing: { text: answers.typing.text, elapsedMs: answers.typing.elapsedMs, timeline: answers.typing.timeline ?? [] },
      sentence: answers.sentenceAnswers,
      fill: answers.fillAnswers,
      jumbled: answers.jumbledAnswers,
      passage: answers.passageInputs,
      email: answers.emailInput,
    },
    stage: { kind: 'finished', timedOut: false, submission: { state: 'sending', tries: 1 } },
    now,
  };
}

/** The body of POST /api/tests/:id/attempts. */
export function toTestAnswers(answers: Answers): TestAnswers {
  return {
    typing: { text: answers.typing.text, elapsedMs: answers.typing.elapsedMs, timeline: answers.typing.timeline },
    sentenceAnswers: answers.sentence,
    fillAnswers: answers.fill,
    jumbledAnswers: answers.jumbled,
    passageInputs: answers.passage,
    emailInput: answers.email,
  };
}

/** The deadline of the running stage, if it has one. */
export function deadlineOf(state: RunnerState): number | undefined {
  const { stage } = state;
  switch (stage.kind) {
    case 'typing':
      return stage.timeUp ? undefined : stage.deadline;
    case 'question':
    case 'passage-read':
    case 'passage-write':
    case 'email':
      return stage.deadline;
    case 'finished':
      return stage.submission.state === 'waiting' ? stage.submission.retryAt : undefined;
    default:
      return undefined;
  }
}

/** Time left in the running stage (0 once it is over), or undefined for untimed stages. */
export function remainingMs(state: RunnerState): number | undefined {
  const { stage } = state;
  if (stage.kind === 'finished' || stage.kind === 'not-started' || stage.kind === 'section-intro') return undefined;
  if (stage.kind === 'typing' && stage.timeUp) return 0;
  return Math.max(0, (stage as { deadline: number }).deadline - state.now);
}

/**
 * When the caller should next send `tick`: at the deadline, or sooner when the shown whole
 * seconds change (a countdown shows ceil(remaining / 1 s)).
 */
export function nextWakeMs(state: RunnerState, now: number): number | undefined {
  const deadline = deadlineOf(state);
  if (deadline === undefined) return undefined;
  const remaining = deadline - now;
  if (remaining <= 0) return 0;
  if (state.stage.kind === 'finished') return remaining;
  return Math.min(remaining, remaining % 1000 || 1000);
}

/** Started and not finished: when leaving must be confirmed (docs/product.md#test-flow). */
export const isInProgress = (state: RunnerState): boolean => state.stage.kind !== 'not-started' && state.stage.kind !== 'finished';

/** The text a required input holds, for "ignored/disabled while empty" (docs/product.md#test-flow). */
export function currentAnswer(state: RunnerState): string | undefined {
  const { stage, answers } = state;
  switch (stage.kind) {
    case 'typing':
      return answers.typing.text;
    case 'question':
      return answers[stage.section][stage.index];
    case 'passage-write':
      return answers.passage[stage.index];
    case 'email':
      return answers.email;
    default:
      return undefined;
  }
}

const isBlank = (text: string | undefined): boolean => (text ?? '').trim() === '';

/** Whether the stage's main button may be pressed now (the disabled states of docs/product.md#test-flow). */
export function canGoOn(state: RunnerState): boolean {
  const { stage } = state;
  switch (stage.kind) {
    case 'not-started':
    case 'section-intro':
    case 'passage-read':
      return true;
    case 'typing':
      // 'Press Enter to Skip' needs something typed while time remains; 'Continue' always works.
      return stage.timeUp || !isBlank(state.answers.typing.text);
    case 'question':
    case 'passage-write':
    case 'email':
      return !isBlank(currentAnswer(state));
    case 'finished':
      return stage.submission.state === 'waiting';
  }
}

/** Whether Enter acts now: as the button, except in typing while time remains (ambiguity 1). */
function enterActs(state: RunnerState): boolean {
  const { stage } = state;
  if (stage.kind === 'typing') return stage.timeUp;
  if (stage.kind === 'finished' || stage.kind === 'not-started') return false;
  return canGoOn(state);
}

const withStage = (state: RunnerState, stage: Stage): RunnerState => ({ ...state, stage });

/** The first stage of a section once its intro card is done, starting at `start`. */
function beginSection(state: RunnerState, section: SectionKey, start: number): RunnerState {
  switch (section) {
    case 'typing':
      return withStage(state, { kind: 'typing', startedAt: start, deadline: start + SECTION_TIMINGS_MS.typing, timeUp: false });
    case 'sentence':
    case 'fill':
    case 'jumbled':
      return withStage(state, { kind: 'question', section, index: 0, deadline: start + SECTION_TIMINGS_MS.question });
    case 'passage':
      return withStage(state, { kind: 'passage-read', index: 0, deadline: start + SECTION_TIMINGS_MS.passageRead });
    case 'email':
      return withStage(state, { kind: 'email', deadline: start + SECTION_TIMINGS_MS.email });
  }
}

function introOrEnd(state: RunnerState, after: SectionKey, timedOut: boolean): RunnerState {
  const next = sectionAfter(after);
  if (next) return withStage(state, { kind: 'section-intro', section: next });
  return withStage(state, { kind: 'finished', timedOut, submission: { state: 'sending', tries: 1 } });
}

/**
 * Leaves the current timed stage. `from` is when the next stage's timer starts: the passed
 * deadline on a timeout (so catching up late keeps every later deadline where it belongs), the
 * moment of the key press otherwise.
 */
function advance(state: RunnerState, from: number, timedOut: boolean): RunnerState {
  const { stage } = state;
  switch (stage.kind) {
    case 'typing': {
      if (timedOut) {
        const typing = { ...state.answers.typing, elapsedMs: SECTION_TIMINGS_MS.typing };
        return { ...state, answers: { ...state.answers, typing }, stage: { ...stage, timeUp: true } };
      }
      if (!stage.timeUp) {
        const elapsedMs = Math.min(SECTION_TIMINGS_MS.typing, Math.max(0, Math.round(from - stage.startedAt)));
        state = { ...state, answers: { ...state.answers, typing: { ...state.answers.typing, elapsedMs } } };
      }
      return introOrEnd(state, 'typing', false);
    }
    case 'question': {
      const index = stage.index + 1;
      if (index < state.counts[stage.section]) return withStage(state, { ...stage, index, deadline: from + SECTION_TIMINGS_MS.question });
      return introOrEnd(state, stage.section, timedOut);
    }
    case 'passage-read':
      return withStage(state, { kind: 'passage-write', index: stage.index, deadline: from + SECTION_TIMINGS_MS.passageWrite });
    case 'passage-write': {
      const index = stage.index + 1;
      if (index < state.counts.passage) return withStage(state, { kind: 'passage-read', index, deadline: from + SECTION_TIMINGS_MS.passageRead });
      return introOrEnd(state, 'passage', timedOut);
    }
    case 'email':
      return introOrEnd(state, 'email', timedOut);
    default:
      return state;
  }
}

/** Applies every deadline that has passed by `now`, in order. */
function catchUp(state: RunnerState, now: number): RunnerState {
  let current: RunnerState = { ...state, now: Math.max(state.now, now) };
  for (let deadline = deadlineOf(current); deadline !== undefined && deadline <= now; deadline = deadlineOf(current)) {
    const { stage } = current;
    if (stage.kind === 'finished') {
      if (stage.submission.state !== 'waiting') break;
      current = withStage(current, { ...stage, submission: { state: 'sending', tries: stage.submission.tries + 1 } });
    } else {
      current = advance(current, deadline, true);
    }
  }
  return current;
}

const MAX_LENGTH: Record<'typing' | QuestionSection | 'passage' | 'email', number> = {
  typing: ANSWER_LIMITS.typingText,
  sentence: ANSWER_LIMITS.shortAnswer,
  fill: ANSWER_LIMITS.shortAnswer,
  jumbled: ANSWER_LIMITS.jumbledAnswer,
  passage: ANSWER_LIMITS.passageInput,
  email: ANSWER_LIMITS.emailInput,
};

const replaceAt = (list: string[], index: number, value: string): string[] => list.map((v, i) => (i === index ? value : v));

/** The typing timeline gains one entry per change of length, capped (the last entry then moves). */
function recordTyping(state: RunnerState, startedAt: number, text: string, now: number): Answers['typing'] {
  const { typing } = state.answers;
  if (text.length === typing.text.length) return { ...typing, text };
  const entry: [number, number] = [Math.min(SECTION_TIMINGS_MS.typing, Math.max(0, Math.round(now - startedAt))), text.length];
  const timeline = typing.timeline.length < ANSWER_LIMITS.typingTimeline ? [...typing.timeline, entry] : [...typing.timeline.slice(0, -1), entry];
  return { ...typing, text, timeline };
}

function applyInput(state: RunnerState, raw: string, now: number): RunnerState {
  const { stage, answers } = state;
  switch (stage.kind) {
    case 'typing':
      if (stage.timeUp) return state;
      return { ...state, answers: { ...answers, typing: recordTyping(state, stage.startedAt, raw.slice(0, MAX_LENGTH.typing), now) } };
    case 'question': {
      const value = raw.slice(0, MAX_LENGTH[stage.section]);
      return { ...state, answers: { ...answers, [stage.section]: replaceAt(answers[stage.section], stage.index, value) } };
    }
    case 'passage-write':
      return { ...state, answers: { ...answers, passage: replaceAt(answers.passage, stage.index, raw.slice(0, MAX_LENGTH.passage)) } };
    case 'email':
      return { ...state, answers: { ...answers, email: raw.slice(0, MAX_LENGTH.email) } };
    default:
      return state;
  }
}

function goOn(state: RunnerState, now: number): RunnerState {
  const { stage } = state;
  if (!canGoOn(state)) return state;
  switch (stage.kind) {
    case 'not-started':
      return withStage(state, { kind: 'section-intro', section: 'typing' });
    case 'section-intro':
      return beginSection(state, stage.section, now);
    case 'finished':
      return withStage(state, { ...stage, submission: { state: 'sending', tries: stage.submission.tries + 1 } });
    default:
      return advance(state, now, false);
  }
}

export function runnerReducer(state: RunnerState, action: RunnerAction): RunnerState {
  // Deadlines first: an action made after a deadline meets the stage that deadline led to.
  const current = catchUp(state, action.now);
  const onCurrentStage = (key: string) => key === stageKey(current.stage);
  switch (action.type) {
    case 'tick':
      return current;
    case 'start-test':
      return current.stage.kind === 'not-started' ? goOn(current, action.now) : current;
    case 'input':
      return onCurrentStage(action.key) ? applyInput(current, action.value, action.now) : current;
    case 'next':
      return onCurrentStage(action.key) && current.stage.kind !== 'finished' ? goOn(current, action.now) : current;
    case 'enter':
      return onCurrentStage(action.key) && enterActs(current) ? goOn(current, action.now) : current;
    case 'retry-now':
      return current.stage.kind === 'finished' ? goOn(current, action.now) : current;
    case 'submit-failed': {
      const { stage } = current;
      if (stage.kind !== 'finished' || stage.submission.state !== 'sending') return current;
      const { tries } = stage.submission;
      const submission: Submission = action.retryable
        ? { state: 'waiting', tries, retryAt: action.now + retryDelayMs(tries), message: action.message }
        : { state: 'rejected', tries, message: action.message };
      return withStage(current, { ...stage, submission });
    }
    case 'submit-succeeded': {
      const { stage } = current;
      if (stage.kind !== 'finished' || stage.submission.state !== 'sending') return current;
      return withStage(current, { ...stage, submission: { state: 'done', tries: stage.submission.tries, attemptId: action.attemptId } });
    }
  }
}
