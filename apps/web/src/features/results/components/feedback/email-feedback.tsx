import type { EmailFeedback } from '@fluent/contracts';
import { errorRateText, IssueSummary } from './annotated-text';

function Check({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <li className={ok ? 'is-done' : 'is-missing'}>
      <span className="checklist-mark">{ok ? '✓ Done' : '✗ Not yet'}</span> {children}
    </li>
  );
}

const KINDS = { formal: 'formal', neutral: 'neutral, acceptable', informal: 'too informal', missing: 'missing' } as const;

function registerNotes(register: EmailFeedback['register']): string {
  const notes = [
    register.contractions.length > 0 ? `short forms (${register.contractions.join(', ')})` : '',
    register.slang.length > 0 ? `informal words (${register.slang.join(', ')})` : '',
    register.shouting.length > 0 ? 'words in capitals' : '',
    register.emoji > 0 ? 'emoji' : '',
    register.exclamationMarks > 1 ? `${register.exclamationMarks} exclamation marks` : '',
  ].filter(Boolean);
  return notes.length === 0 ? 'formal throughout' : `avoid ${notes.join(', ')}`;
}

/** Below the underlined email: its checklist (greeting, each point of the prompt, register, closing, length) and figures. */
export function EmailFeedbackDetails({ feedback }: { feedback: EmailFeedback }) {
  return (
    <div className="writing-feedback">
      {!feedback.blank ? <IssueSummary issues={feedback.language.issues} notEnglish={feedback.language.notEnglish} /> : null}
      <h3 className="feedback-subheading">Checklist</h3>
      <ul className="checklist" aria-label="Email checklist">
        <Check ok={feedback.greeting.ok}>
          Greeting: {feedback.greeting.text ? `“${feedback.greeting.text}”, ` : ''}
          {KINDS[feedback.greeting.kind]}
        </Check>
        {feedback.points.map((p) => (
          <Check key={p.point} ok={p.addressed}>
            The prompt asks you to {p.point}
            {p.addressed ? ` (you wrote: ${p.found.join(', ')})` : ''}
          </Check>
        ))}
        <Check ok={feedback.register.ok}>Register: {registerNotes(feedback.register)}</Check>
        <Check ok={feedback.closing.ok}>
          Closing: {feedback.closing.text ? `“${feedback.closing.text}”, ` : ''}
          {KINDS[feedback.closing.kind]}
        </Check>
        <Check ok={feedback.length.verdict === 'fair'}>
          Length: {feedback.length.words} words (aim for {feedback.length.min}–{feedback.length.max})
        </Check>
      </ul>
      <dl className="feedback-figures">
        <div><dt>Practice score</dt><dd>{feedback.score}/100</dd></div>
        {!feedback.blank && !feedback.language.notEnglish ? <div><dt>Errors per 100 words</dt><dd>{errorRateText(feedback.language.errorsPer100Words)}</dd></div> : null}
        <div><dt>Organization</dt><dd>{feedback.organization.score}/100 <small>{feedback.organization.paragraphs} paragraphs, {feedback.organization.markers.length} linking phrases</small></dd></div>
        <div><dt>Vocabulary range</dt><dd>{feedback.vocabulary.score}/100 <small>{feedback.vocabulary.distinctWords} different content words</small></dd></div>
      </dl>
    </div>
  );
}
