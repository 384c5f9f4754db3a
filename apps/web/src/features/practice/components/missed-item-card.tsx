import { useId } from 'react';
import { ANSWER_LIMITS, jumbledForDisplay, PracticeTexts, SECTION_NAMES, type PublicMissedItemCard } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { PRACTICE_MESSAGES } from '../messages';

interface MissedItemCardProps {
  card: PublicMissedItemCard;
  answer: string;
  /** Checked or being checked: the answer stays as sent. */
  locked: boolean;
  onInput: (value: string) => void;
}

/** An item missed in a test, asked again as the runner asked it: a text input, or the fill's three options. */
export function MissedItemCard({ card, answer, locked, onInput }: MissedItemCardProps) {
  const id = useId();
  const { item } = card;
  const input = useFocusOnMount<HTMLInputElement>();
  return (
    <>
      <p className="practice-meta">
        {SECTION_NAMES[item.section]} · {PRACTICE_MESSAGES.fromTest(card.testId)}
      </p>
      <p className="practice-given" id={`${id}-given`}>
        {card.given === '' ? PracticeTexts.leftBlank : (
          <>
            {PRACTICE_MESSAGES.youAnswered} <q>{card.given}</q>
          </>
        )}
      </p>
      {item.section === 'fill' ? (
        <fieldset className="practice-options" disabled={locked} aria-describedby={`${id}-given`}>
          <legend className="practice-question">{item.question}</legend>
          {item.options.map((option, i) => (
            <label key={option} className="practice-option">
              <input ref={i === 0 ? input : undefined} type="radio" name={`${id}-option`} value={option} checked={answer === option} onChange={() => onInput(option)} />
              <span>{option}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          {item.section === 'jumbled' ? (
            <div id={`${id}-question`}>
              <p className="practice-instruction">{PRACTICE_MESSAGES.jumbledInstruction}</p>
              <p className="practice-jumbled">{jumbledForDisplay(item.jumbled)}</p>
            </div>
          ) : (
            <p className="practice-question" id={`${id}-question`}>
              {item.question}
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-input`}>{item.section === 'jumbled' ? PRACTICE_MESSAGES.jumbledLabel : PRACTICE_MESSAGES.answerLabel}</label>
            <input
              id={`${id}-input`}
              ref={input}
              type="text"
              value={answer}
              readOnly={locked}
              maxLength={item.section === 'jumbled' ? ANSWER_LIMITS.jumbledAnswer : ANSWER_LIMITS.shortAnswer}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${id}-question ${id}-given`}
              onChange={(event) => onInput(event.target.value)}
            />
          </div>
        </>
      )}
    </>
  );
}
