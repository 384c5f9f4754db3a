import { useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRACTICE_CARD_KIND_TITLES, PRACTICE_ELAPSED_MAX_MS, type PracticeReviewResult, type PublicPracticeCard } from '@fluent/contracts';
import { Button } from '@/components/ui/button';
import { useEnterKey } from '@/hooks/use-enter-key';
import { errorMessage } from '@/lib/error-message';
import { practiceProgressQueryKey } from '@/lib/practice/progress';
import { getPracticeCards } from '../api/get-practice-cards';
import { reviewCard } from '../api/review-card';
import { PRACTICE_MESSAGES } from '../messages';
import { canSubmit, cardsOf, currentStep, enterAction, sessionReducer, startSession, type Step } from '../model/session';
import { answersFor, elapsedPerWord } from '../model/typed-line';
import { FixSentenceCard } from './fix-sentence-card';
import { MissedItemCard } from './missed-item-card';
import { SessionEnd } from './session-end';
import { TypedWordsCard } from './typed-words-card';
import { VerdictPanel } from './verdict-panel';

type Card = PublicPracticeCard;

const browserNow = () => performance.now();

export interface PracticeSessionProps {
  /** The first batch and how many cards were due when it was read. */
  cards: readonly Card[];
  dueToday: number;
  /** Injected in tests: how long the learner took (ms since the card showed). */
  now?: () => number;
}

/** The answers a step sends: one per card (a line of words gives each word what was typed at its place). */
function reviewsOf(step: Step<Card>, answer: string, elapsedMs: number): Array<{ cardId: string; answer: string; elapsedMs: number }> {
  if (step.kind === 'card') return [{ cardId: step.card.id, answer, elapsedMs }];
  const words = step.cards.map((card) => (card.kind === 'mistyped-words' ? card.word : ''));
  const typed = answersFor(words, answer);
  return step.cards.map((card, i) => ({ cardId: card.id, answer: typed[i]!, elapsedMs: elapsedPerWord(elapsedMs, words.length) }));
}

/**
 * A session: one card at a time, keyboard first as the runner (Enter checks the answer, Enter
 * again goes on; docs/product.md#practice). Each answer is checked on the server, which tells the
 * verdict, the right answer and when the card comes back; then "Keep going" asks for the next batch.
 */
export function PracticeSession({ cards, dueToday, now = browserNow }: PracticeSessionProps) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(sessionReducer<Card>, cards, (first) => startSession(first));
  const [due, setDue] = useState(dueToday);
  const [moreError, setMoreError] = useState<string>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const shownAt = useRef(now());
  /** The verdicts of this step already received: a retry after a failure partway does not review a word twice. */
  const reviewed = useRef(new Map<string, PracticeReviewResult>());
  const step = currentStep(state);
  const stepKey = `${state.reviewed}:${state.index}:${step ? cardsOf(step)[0]!.id : 'end'}`;

  // The clock of each answer starts when its card shows (a new step, or the next batch).
  useEffect(() => {
    shownAt.current = now();
    reviewed.current = new Map();
  }, [stepKey, now]);

  /** Checks the answer on the server: a step's reviews one after another (a line's words in order). */
  const submit = () => {
    if (!step || !canSubmit(state)) return;
    dispatch({ type: 'submit' });
    const took = Math.min(Math.round(now() - shownAt.current), PRACTICE_ELAPSED_MAX_MS);
    setElapsed(took);
    void (async () => {
      const verdicts: PracticeReviewResult[] = [];
      try {
        for (const review of reviewsOf(step, state.answer, took)) {
          // A line's words are reviewed one by one: after a failure partway, Enter again sends only the
          // words not yet reviewed (a word sent twice would be scheduled twice).
          const verdict = reviewed.current.get(review.cardId) ?? (await reviewCard(review.cardId, { answer: review.answer, elapsedMs: review.elapsedMs }));
          reviewed.current.set(review.cardId, verdict);
          verdicts.push(verdict);
        }
        dispatch({ type: 'checked', verdicts });
      } catch (error) {
        dispatch({ type: 'failed', message: errorMessage(error) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: practiceProgressQueryKey });
      }
    })();
  };

  const keepGoing = async () => {
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const next = await getPracticeCards();
      setDue(next.dueToday);
      dispatch({ type: 'more', cards: next.cards });
    } catch (error) {
      setMoreError(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  useEnterKey(() => {
    const action = enterAction(state);
    if (action?.type === 'submit') submit();
    else if (action) dispatch(action);
  });

  if (!step) {
    const left = Math.max(due - state.steps.reduce((n, s) => n + cardsOf(s).length, 0), 0);
    return <SessionEnd reviewed={state.reviewed} moreDue={left} loading={loadingMore} error={moreError} onKeepGoing={() => void keepGoing()} />;
  }

  const first = cardsOf(step)[0]!;
  const locked = state.phase !== 'answering';
  const onInput = (value: string) => dispatch({ type: 'input', value });
  return (
    <section className="card practice-card" aria-labelledby="practice-card-title" key={stepKey}>
      <p className="practice-count">{PRACTICE_MESSAGES.cardCount(state.index + 1, state.steps.length)}</p>
      <h2 id="practice-card-title">{PRACTICE_CARD_KIND_TITLES[first.kind]}</h2>
      {step.kind === 'words' ? (
        <TypedWordsCard cards={step.cards} answer={state.answer} locked={locked} verdicts={state.verdicts} elapsedMs={elapsed} onInput={onInput} />
      ) : first.kind === 'missed-item' ? (
        <MissedItemCard card={first} answer={state.answer} locked={locked} onInput={onInput} />
      ) : first.kind === 'fix-sentence' ? (
        <FixSentenceCard card={first} answer={state.answer} locked={locked} onInput={onInput} />
      ) : null}
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.phase === 'answered' ? (
        <>
          {step.kind === 'card' && state.verdicts[0] ? <VerdictPanel verdict={state.verdicts[0]} /> : null}
          <NextButton onClick={() => dispatch({ type: 'next' })} />
        </>
      ) : (
        <Button variant="primary" className="practice-action" disabled={!canSubmit(state)} onClick={submit}>
          {state.phase === 'checking' ? PRACTICE_MESSAGES.checking : PRACTICE_MESSAGES.check}
        </Button>
      )}
    </section>
  );
}

/** Takes the focus when the verdict shows: Enter (or Space) on it goes on. */
function NextButton({ onClick }: { onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Button ref={ref} variant="primary" className="practice-action" onClick={onClick}>
      {PRACTICE_MESSAGES.next}
    </Button>
  );
}
