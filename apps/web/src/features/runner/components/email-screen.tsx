import { useId, type ReactNode } from 'react';
import { ANSWER_LIMITS, SECTION_NAMES } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { RunnerButton } from './runner-button';

interface EmailScreenProps {
  prompt: string;
  text: string;
  /** The test has ended (submitted, or the 300 s ran out): the text can no longer change. */
  ended: boolean;
  timedOut: boolean;
  canGoOn: boolean;
  onInput: (value: string) => void;
  onSubmit: () => void;
  /** What happens to the answers once the test has ended. */
  status?: ReactNode;
}

/** Section 6: the prompt, the email, and 'Submit (or press Enter)' ('Finish Test' once time is out). */
export function EmailScreen({ prompt, text, ended, timedOut, canGoOn, onInput, onSubmit, status }: EmailScreenProps) {
  const id = useId();
  const textarea = useFocusOnMount<HTMLTextAreaElement>(!ended);
  return (
    <section className="card runner-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{SECTION_NAMES.email}</h1>
      <p className="email-prompt" id={`${id}-prompt`}>
        {prompt}
      </p>
      <div className="field">
        <label htmlFor={`${id}-input`}>Your email</label>
        <textarea
          id={`${id}-input`}
          ref={textarea}
          rows={12}
          value={text}
          disabled={ended}
          maxLength={ANSWER_LIMITS.emailInput}
          data-newlines="allowed"
          aria-describedby={`${id}-prompt`}
          onChange={(event) => onInput(event.target.value)}
        />
      </div>
      <RunnerButton disabled={ended || !canGoOn} onClick={onSubmit}>
        {timedOut ? 'Finish Test' : 'Submit (or press Enter)'}
      </RunnerButton>
      {status}
    </section>
  );
}
