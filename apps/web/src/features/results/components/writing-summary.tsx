import type { EmailFeedback, PassageFeedback, WritingIssue } from '@fluent/contracts';
import { emailChecks } from '../lib/work-on-first';
import { RESULTS_TEXT } from '../texts';

const errorCount = (issues: readonly WritingIssue[]) => issues.filter((i) => i.category !== 'variant').length;

function Line({ parts }: { parts: string[] }) {
  return (
    <p className="writing-summary">
      <span className="result-label">{RESULTS_TEXT.writingSummaryLabel}</span> {parts.join(' · ')}
    </p>
  );
}

/** A passage's feedback in one line, above the original and the learner's full reconstruction. */
export function PassageSummary({ feedback }: { feedback: PassageFeedback }) {
  const covered = feedback.sentences.filter((s) => s.covered).length;
  return (
    <Line
      parts={[
        RESULTS_TEXT.writingScore(feedback.score),
        feedback.blank ? RESULTS_TEXT.writingBlank : RESULTS_TEXT.writingIssues(errorCount(feedback.language.issues)),
        RESULTS_TEXT.passageConveyed(covered, feedback.sentences.length),
      ]}
    />
  );
}

/** The email's feedback in one line, above the prompt and the learner's full email. */
export function EmailSummary({ feedback }: { feedback: EmailFeedback }) {
  const checks = emailChecks(feedback);
  return (
    <Line
      parts={[
        RESULTS_TEXT.writingScore(feedback.score),
        feedback.blank ? RESULTS_TEXT.writingBlank : RESULTS_TEXT.writingIssues(errorCount(feedback.language.issues)),
        RESULTS_TEXT.emailChecklist(checks.filter(Boolean).length, checks.length),
      ]}
    />
  );
}
