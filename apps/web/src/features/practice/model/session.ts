import type { PracticeCardKind, PracticeReviewResult } from '@fluent/contracts';

/** What the session needs of a served card: the rest is its screen's business. */
export interface SessionCard {
  id: string;
  kind: PracticeCardKind;
  /** A sentence to fix: the learner's own sentence, which the answer starts from. */
  sentence?: string;
}

/** The server's verdict on one reviewed card (POST /api/practice/cards/:id/review). */
export type Verdict = PracticeReviewResult;

/**
 * One screen of the session: a card of its own, or the due mistyped words together, typed in one
 * short line (each word stays its own card on the server and is reviewed on its own).
 */
export type Step<C extends SessionCard> = { kind: 'card'; card: C } | { kind: 'words'; cards: C[] };

/** At most this many words in one typed line: short enough for a phone's width, a few seconds' typing. */
export const WORDS_PER_LINE = 6;

/** The served cards as screens, in the server's order; each line of words stands where its first word was. */
export function stepsOf<C extends SessionCard>(cards: readonly C[]): Step<C>[] {
  const steps: Step<C>[] = [];
  let line: C[] | undefined;
  for (const card of cards) {
    if (card.kind !== 'mistyped-words') {
      steps.push({ kind: 'card', card });
      continue;
    }
    if (!line || line.length === WORDS_PER_LINE) {
      line = [];
      steps.push({ kind: 'words', cards: line });
    }
    line.push(card);
  }
  return steps;
}

/** The cards a step reviews, in order (one verdict each). */
export const cardsOf = <C extends SessionCard>(step: Step<C>): C[] => (step.kind === 'card' ? [step.card] : step.cards);

/**
 * answering → checking (the review is on its way) → answered (the verdict and the right answer
 * show) → the next step's answering; after the last step, done ("Keep going" asks for more).
 */
export type Phase = 'answering' | 'checking' | 'answered' | 'done';

export interface SessionState<C extends SessionCard> {
  steps: Step<C>[];
  index: number;
  phase: Phase;
  /** What the learner has typed or chosen on the current step. */
  answer: string;
  /** The current step's verdicts, one per card, once answered. */
  verdicts: Verdict[];
  /** Why the last check failed (the answer stays; Enter tries again). */
  error?: string;
  /** Cards reviewed in this session, over every batch. */
  reviewed: number;
}

export type SessionAction<C extends SessionCard> =
  | { type: 'input'; value: string }
  | { type: 'submit' }
  | { type: 'checked'; verdicts: Verdict[] }
  | { type: 'failed'; message: string }
  | { type: 'next' }
  /** A new batch of due cards ("Keep going"): none left ends the session where it is. */
  | { type: 'more'; cards: readonly C[] };

/** What the answer starts as: a sentence to fix is corrected in place, the rest start empty. */
export const initialAnswer = <C extends SessionCard>(step: Step<C> | undefined): string =>
  step?.kind === 'card' && step.card.kind === 'fix-sentence' ? (step.card.sentence ?? '') : '';

export function startSession<C extends SessionCard>(cards: readonly C[], reviewed = 0): SessionState<C> {
  const steps = stepsOf(cards);
  return { steps, index: 0, phase: steps.length === 0 ? 'done' : 'answering', answer: initialAnswer(steps[0]), verdicts: [], reviewed };
}

/** The step on screen (none once the session is done). */
export const currentStep = <C extends SessionCard>(state: SessionState<C>): Step<C> | undefined =>
  state.phase === 'done' ? undefined : state.steps[state.index];

/** An answer can be checked once something is typed or chosen (spaces alone are nothing). */
export const canSubmit = <C extends SessionCard>(state: SessionState<C>): boolean => state.phase === 'answering' && state.answer.trim() !== '';

export function sessionReducer<C extends SessionCard>(state: SessionState<C>, action: SessionAction<C>): SessionState<C> {
  switch (action.type) {
    case 'input':
      return state.phase === 'answering' ? { ...state, answer: action.value, error: undefined } : state;
    case 'submit':
      return canSubmit(state) ? { ...state, phase: 'checking', error: undefined } : state;
    case 'checked': {
      if (state.phase !== 'checking') return state;
      return { ...state, phase: 'answered', verdicts: action.verdicts, reviewed: state.reviewed + action.verdicts.length };
    }
    case 'failed':
      return state.phase === 'checking' ? { ...state, phase: 'answering', error: action.message } : state;
    case 'next': {
      if (state.phase !== 'answered') return state;
      const index = state.index + 1;
      if (index >= state.steps.length) return { ...state, phase: 'done', answer: '', verdicts: [] };
      return { ...state, index, phase: 'answering', answer: initialAnswer(state.steps[index]), verdicts: [] };
    }
    case 'more':
      return state.phase === 'done' ? startSession(action.cards, state.reviewed) : state;
  }
}

/** What Enter does now, as the runner's Enter does (docs/product.md#practice): check the answer, then go on. */
export function enterAction<C extends SessionCard>(state: SessionState<C>): SessionAction<C> | undefined {
  if (state.phase === 'answering') return canSubmit(state) ? { type: 'submit' } : undefined;
  if (state.phase === 'answered') return { type: 'next' };
  return undefined;
}
