import { useId } from 'react';
import { ANSWER_LIMITS, jumbledForDisplay } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { RunnerButton } from './runner-button';

interface TextQuestionProps {
  kind: 'sentence' | 'jumbled';
  number: number;
  total: number;
  /** The sentence with its blank, or the jumbled words separated by "/". */
  text: string;
  answer: string;
  canGoOn: boolean;
  onInput: (value: string) => void;
  onNext: () => void;
}

/** Sections 2 and 4: one question, a text input and Next. */
export function TextQuestion({ kind, number, total, text, answer, canGoOn, onInput, onNext }: TextQuestionProps) {
  const id = useId();
  const input = useFocusOnMount<HTMLInputElement>();
  return (
    <section className="card runner-card" aria-labelledby={`${id}-count`}>
      <p className="runner-count" id={`${id}-count`}>
        Question {number} of {total}
      </p>
      {kind === 'jumbled' ? (
        <div id={`${id}-question`}>
          <p className="runner-instruction">Unscramble these words to make a correct sentence:</p>
          <p className="jumbled-words">{jumbledForDisplay(text)}</p>
        </div>
      ) : (
        <p className="question-text" id={`${id}-question`}>
          {text}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-input`}>{kind === 'jumbled' ? 'Your sentence' : 'Your answer'}</label>
        <input
          id={`${id}-input`}
          ref={input}
          type="text"
          value={answer}
          maxLength={kind === 'jumbled' ? ANSWER_LIMITS.jumbledAnswer : ANSWER_LIMITS.shortAnswer}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-question`}
          onChange={(event) => onInput(event.target.value)}
        />
      </div>
      <RunnerButton disabled={!canGoOn} onClick={onNext}>
        Next
      </RunnerButton>
    </section>
  );
}
