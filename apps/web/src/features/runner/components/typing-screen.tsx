import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { ANSWER_LIMITS, SECTION_NAMES } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { RunnerButton } from './runner-button';

interface TypingScreenProps {
  paragraph: string;
  text: string;
  timeUp: boolean;
  canGoOn: boolean;
  onInput: (text: string) => void;
  onNext: () => void;
}

/** A typing test measures typing: pasted or dropped text is refused. */
export const refuse = (event: SyntheticEvent) => event.preventDefault();

/**
 * Section 1: the paragraph, the textarea and 'Press Enter to Skip' (enabled once something is
 * typed) while time remains; at 0 s the textarea is disabled and the button reads 'Continue'
 * (docs/product.md#test-flow).
 */
export function TypingScreen({ paragraph, text, timeUp, canGoOn, onInput, onNext }: TypingScreenProps) {
  const id = useId();
  const textarea = useFocusOnMount<HTMLTextAreaElement>();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (timeUp) button.current?.focus();
  }, [timeUp]);
  return (
    <section className="card runner-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{SECTION_NAMES.typing}</h1>
      <p className="runner-instruction" id={`${id}-hint`}>
        Type this paragraph exactly as it is shown:
      </p>
      <p className="typing-paragraph">{paragraph}</p>
      <div className="field">
        <label htmlFor={`${id}-input`}>Your typing</label>
        <textarea
          id={`${id}-input`}
          ref={textarea}
          rows={6}
          value={text}
          disabled={timeUp}
          maxLength={ANSWER_LIMITS.typingText}
          spellCheck={false}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          aria-describedby={`${id}-hint`}
          onChange={(event) => onInput(event.target.value)}
          onPaste={refuse}
          onDrop={refuse}
        />
      </div>
      <RunnerButton ref={button} disabled={!canGoOn} onClick={onNext}>
        {timeUp ? 'Continue' : 'Press Enter to Skip'}
      </RunnerButton>
    </section>
  );
}
