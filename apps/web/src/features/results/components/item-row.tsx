import type { ReactNode } from 'react';
import { Answer } from './answer';

function Mark({ correct }: { correct: boolean }) {
  return (
    <span className={`result-mark ${correct ? 'is-correct' : 'is-incorrect'}`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        {correct ? (
          <path fill="none" stroke="currentColor" strokeWidth="2.2" d="M3 8.5l3.2 3.2L13 4.8" />
        ) : (
          <path fill="none" stroke="currentColor" strokeWidth="2.2" d="M4 4l8 8M12 4l-8 8" />
        )}
      </svg>
      {correct ? 'Correct' : 'Incorrect'}
    </span>
  );
}

export interface ItemRowProps {
  number: number;
  prompt: ReactNode;
  answer: string;
  correct: boolean;
  expectedLabel: string;
  expected: string;
  report: ReactNode;
  /** Left out of view (not out of the page) while the section shows only the missed items. */
  hidden?: boolean;
}

/** One item of a sentence, fill or jumbled section: the prompt, the learner's answer, the expected one. */
export function ItemRow({ number, prompt, answer, correct, expectedLabel, expected, report, hidden }: ItemRowProps) {
  return (
    <li className={`result-item ${correct ? 'is-correct' : 'is-incorrect'}`} hidden={hidden}>
      <div className="result-item__head">
        <p className="result-item__prompt">
          <span className="result-item__number">{number}.</span> {prompt}
        </p>
        <Mark correct={correct} />
      </div>
      <p>
        <span className="result-label">Your answer:</span> <Answer text={answer} />
      </p>
      <p>
        <span className="result-label">{expectedLabel}</span> {expected}
      </p>
      {report}
    </li>
  );
}
