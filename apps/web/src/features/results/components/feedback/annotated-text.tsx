import { useId, useState, type ReactNode } from 'react';
import type { PassageDeviation, WritingIssue } from '@fluent/contracts';
import { CATEGORY_LABELS, segments, textMarks } from './segments';

/**
 * A marked stretch of the learner's text: a button whose tooltip (its accessible description)
 * opens on focus or hover, stays open on a tap, and closes on Escape or blur.
 */
function MarkWithTip({ text, className, id, children }: { text: string; className: string; id: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="writing-issue-wrap" data-open={open}>
      <button
        type="button"
        className={className}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        onBlur={() => setOpen(false)}
      >
        {text}
      </button>
      <span role="tooltip" id={id} className="writing-issue__tip">
        {children}
      </span>
    </span>
  );
}

function IssueMark({ text, issue, id }: { text: string; issue: WritingIssue; id: string }) {
  return (
    <MarkWithTip text={text} className={`writing-issue writing-issue--${issue.category}`} id={id}>
      <strong>{CATEGORY_LABELS[issue.category]}:</strong> {issue.explanation}
      {issue.message && issue.message !== issue.explanation ? <span className="writing-issue__message"> {issue.message}</span> : null}
      {issue.replacements.length > 0 ? <span className="writing-issue__suggestion"> Suggestion: {issue.replacements.join(' / ')}</span> : null}
    </MarkWithTip>
  );
}

/** "The passage says *are*." with the passage's words emphasised (the stored message, as read). */
export function PassageSays({ deviation }: { deviation: PassageDeviation }) {
  return (
    <>
      The passage says <em>{deviation.expected}</em>.
    </>
  );
}

/** A difference from the passage's original: its own double underline, explained like an issue. */
function DeviationMark({ text, deviation, id }: { text: string; deviation: PassageDeviation; id: string }) {
  return (
    <MarkWithTip text={text} className="writing-issue passage-deviation" id={id}>
      <strong>Compared with the original:</strong> <PassageSays deviation={deviation} /> <span className="writing-issue__message">{deviation.explanation}</span>
    </MarkWithTip>
  );
}

/**
 * The learner's text with each issue underlined: the underline's style differs by kind (solid for
 * grammar, wavy for spelling, dotted for punctuation, dashed for style and variants), so colour is
 * never the only cue. Each issue is a button: focus or hover shows its explanation, a tap keeps it
 * open, and screen readers announce it as the button's description. A passage reconstruction's
 * differences from its original are marked the same way with a double underline.
 */
export function AnnotatedText({ text, issues, deviations }: { text: string; issues: readonly WritingIssue[]; deviations?: readonly PassageDeviation[] }) {
  const base = useId();
  return (
    <p className="result-response annotated-text">
      {segments(text, textMarks(issues, deviations)).map((part, i) => {
        if (part.issue?.issue) return <IssueMark key={i} text={part.text} issue={part.issue.issue} id={`${base}-issue-${part.index}`} />;
        if (part.issue?.deviation) return <DeviationMark key={i} text={part.text} deviation={part.issue.deviation} id={`${base}-issue-${part.index}`} />;
        return <span key={i}>{part.text}</span>;
      })}
    </p>
  );
}

/** "2 grammar, 1 spelling issues · 1 American spelling (fine)": the count beside the text. */
export function IssueSummary({ issues, notEnglish }: { issues: readonly WritingIssue[]; notEnglish: boolean }) {
  if (notEnglish) return <p className="feedback-summary">This text does not look like English, so it was not checked for errors.</p>;
  const errors = issues.filter((i) => i.category !== 'variant');
  const variants = issues.length - errors.length;
  const counts = (['grammar', 'spelling', 'punctuation', 'style'] as const)
    .map((c) => [c, errors.filter((i) => i.category === c).length] as const)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} ${CATEGORY_LABELS[c].toLowerCase()}`);
  const found = errors.length === 0 ? 'No language issues found' : `${errors.length} ${errors.length === 1 ? 'issue' : 'issues'} found (${counts.join(', ')})`;
  return (
    <p className="feedback-summary">
      {found}
      {variants > 0 ? ` · ${variants} American ${variants === 1 ? 'spelling' : 'spellings'} (fine: either variety is accepted)` : ''}.
      {errors.length > 0 ? ' Select an underlined word to see why.' : ''}
    </p>
  );
}

/** "2.5 (grammar 1.3, spelling 1.2)": errors per 100 words, by category, variants excluded. */
export function errorRateText(rates: { grammar: number; spelling: number; punctuation: number; style: number; total: number }): string {
  const parts = (['grammar', 'spelling', 'punctuation', 'style'] as const).filter((c) => rates[c] > 0).map((c) => `${c} ${rates[c]}`);
  return parts.length === 0 ? '0' : `${rates.total} (${parts.join(', ')})`;
}
