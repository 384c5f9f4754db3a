import type { PassageFeedback } from '@fluent/contracts';
import { errorRateText, IssueSummary } from './annotated-text';

const LENGTH_NOTES = { short: 'shorter than the original', fair: 'about the original’s length', long: 'longer than the original' } as const;

/** Below the underlined reconstruction: the issue count, which sentences of the original it conveyed, the figures. */
export function PassageFeedbackDetails({ feedback }: { feedback: PassageFeedback }) {
  const covered = feedback.sentences.filter((s) => s.covered).length;
  return (
    <div className="writing-feedback">
      {!feedback.blank ? <IssueSummary issues={feedback.language.issues} notEnglish={feedback.language.notEnglish} /> : null}
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
