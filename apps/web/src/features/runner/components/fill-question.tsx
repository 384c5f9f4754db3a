import { useId } from 'react';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { RunnerButton } from './runner-button';

interface FillQuestionProps {
  number: number;
  total: number;
  question: string;
  options: readonly string[];
  answer: string;
  canGoOn: boolean;
  onInput: (value: string) => void;
  onNext: () => void;
}

/**
 * Section 3: radio options. Arrow keys move between them as native radios do; Enter acts as
 * Next once one is chosen (docs/product.md#test-flow).
 */
export function FillQuestion({ number, total, question, options, answer, canGoOn, onInput, onNext }: FillQuestionProps) {
  const id = useId();
  const first = useFocusOnMount<HTMLInputElement>();
  return (
    <section className="card runner-card" aria-labelledby={`${id}-count`}>
      <p className="runner-count" id={`${id}-count`}>
        Question {number} of {total}
      </p>
      <fieldset className="fill-options">
        <legend className="question-text">{question}</legend>
        {options.map((option, i) => (
          <label key={option} className="fill-option">
            <input
              ref={i === 0 ? first : undefined}
              type="radio"
              name={`${id}-option`}
              value={option}
              checked={answer === option}
              onChange={() => onInput(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
      <RunnerButton disabled={!canGoOn} onClick={onNext}>
        Next
      </RunnerButton>
    </section>
  );
}
