import { useId, type SyntheticEvent } from 'react';
import { PracticeTexts, type PracticeReviewResult, type PublicMistypedWordCard, type PublicPracticeCard } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { PRACTICE_MESSAGES } from '../messages';
import { answersFor, lineFigures, lineOf } from '../model/typed-line';

interface TypedWordsCardProps {
  cards: readonly PublicPracticeCard[];
  answer: string;
  locked: boolean;
  /** Once checked: one per word, in order. */
  verdicts: readonly PracticeReviewResult[];
  /** How long the line took (for its WPM). */
  elapsedMs: number;
  onInput: (value: string) => void;
}

/** Typing practice measures typing: pasted or dropped text is refused, as in the test. */
const refuse = (event: SyntheticEvent) => event.preventDefault();

/** The due mistyped words in one short line, typed again; once checked, accuracy and WPM and each word's verdict. */
export function TypedWordsCard({ cards, answer, locked, verdicts, elapsedMs, onInput }: TypedWordsCardProps) {
  const id = useId();
  const input = useFocusOnMount<HTMLInputElement>();
  const words = cards.filter((card): card is PublicMistypedWordCard => card.kind === 'mistyped-words');
  const line = lineOf(words.map((card) => card.word));
  const typed = answersFor(
    words.map((card) => card.word),
    answer,
  );
  const figures = lineFigures(
    words.map((card) => card.word),
    answer,
    elapsedMs,
  );
  return (
    <>
      <p className="practice-instruction" id={`${id}-hint`}>
        {PRACTICE_MESSAGES.typeThese}
      </p>
      <p className="practice-line">{line}</p>
      <div className="field">
        <label htmlFor={`${id}-input`}>{PRACTICE_MESSAGES.typingLabel}</label>
        <input
          id={`${id}-input`}
          ref={input}
          type="text"
          value={answer}
          readOnly={locked}
          maxLength={line.length * 2 + 20}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onInput(event.target.value)}
          onPaste={refuse}
          onDrop={refuse}
        />
      </div>
      {verdicts.length === words.length && verdicts.length > 0 ? (
        <div className="practice-verdict" role="status">
          <p className="practice-figures">{PracticeTexts.typingFigures(figures.wpm, figures.accuracy)}</p>
          <ul className="practice-words" aria-label={PRACTICE_MESSAGES.wordsLabel}>
            {words.map((card, i) => (
              <li key={card.id} className={verdicts[i]!.correct ? 'practice-word--right' : 'practice-word--wrong'}>
                {verdicts[i]!.correct ? PRACTICE_MESSAGES.wordRight(card.word) : PRACTICE_MESSAGES.wordWrong(verdicts[i]!.answer ?? card.word, typed[i]!)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
