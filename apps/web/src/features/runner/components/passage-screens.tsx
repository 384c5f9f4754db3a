import { useId } from 'react';
import { ANSWER_LIMITS } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { secondsLeft } from '../model/format-time';
import { RunnerButton } from './runner-button';
import { refuse } from './typing-screen';

/** Section 5, read phase: the passage, for 30 s or until the learner is ready. */
export function PassageRead({ number, total, passage, remainingMs, onReady }: { number: number; total: number; passage: string; remainingMs: number; onReady: () => void }) {
  const id = useId();
  const ready = useFocusOnMount<HTMLButtonElement>();
  return (
    <section className="card runner-card" aria-labelledby={`${id}-count`}>
      <p className="runner-count" id={`${id}-count`}>
        Passage {number} of {total}
      </p>
      <p className="runner-instruction">Read this passage carefully. It will disappear in {secondsLeft(remainingMs)} seconds.</p>
      <p className="passage-text">{passage}</p>
      <RunnerButton ref={ready} onClick={onReady}>
        I'm Ready to Write (or press Enter)
      </RunnerButton>
    </section>
  );
}

interface PassageWriteProps {
  number: number;
  total: number;
  text: string;
  canGoOn: boolean;
  onInput: (value: string) => void;
  onNext: () => void;
}

/** Section 5, write phase: the passage is gone; 90 s to write it again. */
export function PassageWrite({ number, total, text, canGoOn, onInput, onNext }: PassageWriteProps) {
  const id = useId();
  const textarea = useFocusOnMount<HTMLTextAreaElement>();
  return (
    <section className="card runner-card" aria-labelledby={`${id}-count`}>
      <p className="runner-count" id={`${id}-count`}>
        Passage {number} of {total}
      </p>
      <div className="field">
        <label htmlFor={`${id}-input`}>Reconstruct the passage in your own words:</label>
        <textarea
          id={`${id}-input`}
          ref={textarea}
          rows={7}
          value={text}
          maxLength={ANSWER_LIMITS.passageInput}
          data-newlines="allowed"
          onChange={(event) => onInput(event.target.value)}
          onPaste={refuse}
          onDrop={refuse}
        />
      </div>
      <RunnerButton disabled={!canGoOn} onClick={onNext}>
        Next
      </RunnerButton>
    </section>
  );
}
