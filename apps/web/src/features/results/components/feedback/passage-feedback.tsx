import { useId } from 'react';
import type { PassageDeviation, PassageFeedback } from '@fluent/contracts';
import { errorRateText, IssueSummary, PassageSays } from './annotated-text';

const LENGTH_NOTES = { short: 'shorter than the original', fair: 'about the original’s length', long: 'longer than the original' } as const;

/**
 * Where the reconstruction keeps the passage's words but changes a small word or a form, each
 * with what the passage says: all of them, also those whose place the checker underlined already.
 */
function Deviations({ text, deviations }: { text: string; deviations: readonly PassageDeviation[] }) {
  const label = useId();
  return (
    <>
      <p className="result-label" id={label}>
        Compared with the original ({deviations.length} {deviations.length === 1 ? 'difference' : 'differences'}, double-underlined):
      </p>
      <ul className="deviation-list" aria-labelledby={label}>
        {deviations.map((d) => (
          <li key={d.offset}>
            <span className="deviation-wrote">You wrote “{text.slice(d.offset, d.offset + d.length)}”.</span> <PassageSays deviation={d} />{' '}
            <span className="feedback-note">{d.explanation}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Below the underlined reconstruction: the issue count, which sentences of the original it conveyed, the figures. */
export function PassageFeedbackDetails({ feedback }: { feedback: PassageFeedback }) {
  const covered = feedback.sentences.filter((s) => s.covered).length;
  return (
    <div className="writing-feedback">
      {!feedback.blank ? <IssueSummary issues={feedback.language.issues} notEnglish={feedback.language.notEnglish} /> : null}
      {!feedback.blank && feedback.deviations && feedback.deviations.length > 0 ? <Deviations text={feedback.text} deviations={feedback.deviations} /> : null}
      <p className="result-label">
        Sentences of the original you conveyed: {covered} of {feedback.sentences.length}
      </p>
      <ul className="coverage-list">
        {feedback.sentences.map((s, i) => (
          <li key={i} className={s.covered ? 'is-covered' : 'is-missed'}>
            <span className="coverage-mark">{s.covered ? '✓ Covered' : '✗ Not covered'}</span> {s.sentence}
          </li>
        ))}
      </ul>
      <dl className="feedback-figures">
        <div><dt>Practice score</dt><dd>{feedback.score}/100</dd></div>
        <div><dt>Content recalled</dt><dd>{feedback.recall}%</dd></div>
        {!feedback.blank && !feedback.language.notEnglish ? <div><dt>Errors per 100 words</dt><dd>{errorRateText(feedback.language.errorsPer100Words)}</dd></div> : null}
        <div><dt>Order kept</dt><dd>{feedback.orderKept === null ? '—' : `${feedback.orderKept}%`}</dd></div>
        <div><dt>Length</dt><dd>{feedback.length.words} words <small>{LENGTH_NOTES[feedback.length.verdict]} ({feedback.length.originalWords})</small></dd></div>
      </dl>
    </div>
  );
}
