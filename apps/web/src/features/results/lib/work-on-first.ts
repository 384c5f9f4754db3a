import { ISSUE_CATEGORIES, type EmailFeedback, type IssueCategory, type WritingFeedback, type WritingIssue } from '@fluent/contracts';
import { RESULTS_TEXT } from '../texts';
import { RESULT_TARGETS, type ItemSectionData } from './sections';

/** One thing to work on: what, where its detail is (#heading id), and how much it weighs (0–1, the share of that part lost). */
export interface FocusPoint {
  key: string;
  text: string;
  target: string;
  weight: number;
}

/** Below this accuracy the typing errors are worth working on before anything else that weighs less. */
const TYPING_ACCURACY_GOAL = 92;
/** Issues of one kind at which a text counts as fully "lost" on that kind (the weight is capped at 1). */
const ISSUES_FOR_FULL_WEIGHT = 5;
const MAX_POINTS = 3;

/** The email checklist's ticks, as EmailFeedbackDetails lists them: greeting, each point of the prompt, register, closing, length. */
export function emailChecks(email: EmailFeedback): boolean[] {
  return [email.greeting.ok, ...email.points.map((p) => p.addressed), email.register.ok, email.closing.ok, email.length.verdict === 'fair'];
}

/** The most frequent error category of some issues (variants are fine, never counted), ties in ISSUE_CATEGORIES order. */
function topCategory(issues: readonly WritingIssue[]): { category: IssueCategory; count: number } | undefined {
  const counts = ISSUE_CATEGORIES.map((category) => ({ category, count: issues.filter((i) => i.category === category).length }));
  const top = counts.reduce((best, c) => (c.count > best.count ? c : best));
  return top.count > 0 ? top : undefined;
}

function candidates(sections: readonly ItemSectionData[], typingAccuracy: number, feedback: WritingFeedback | undefined): FocusPoint[] {
  const found: FocusPoint[] = [];
  if (typingAccuracy < TYPING_ACCURACY_GOAL) {
    found.push({ key: 'typing', text: RESULTS_TEXT.workOn.typingAccuracy(typingAccuracy), target: RESULT_TARGETS.typing, weight: (100 - typingAccuracy) / 100 });
  }
  for (const s of sections) {
    const missed = s.total - s.correct;
    if (missed > 0) found.push({ key: s.id, text: RESULTS_TEXT.workOn[s.id](missed), target: RESULT_TARGETS[s.id], weight: missed / s.total });
  }
  if (!feedback) return found;

  const passageIssues = topCategory(feedback.passages.flatMap((p) => (p.blank || p.language.notEnglish ? [] : p.language.issues)));
  if (passageIssues) {
    found.push({ key: 'passage-issues', text: RESULTS_TEXT.workOn.passageIssues(passageIssues.count, passageIssues.category), target: RESULT_TARGETS.passages, weight: Math.min(1, passageIssues.count / ISSUES_FOR_FULL_WEIGHT) });
  }
  const sentences = feedback.passages.flatMap((p) => p.sentences);
  const notConveyed = sentences.filter((s) => !s.covered).length;
  if (notConveyed > 0) found.push({ key: 'passage-coverage', text: RESULTS_TEXT.workOn.passageCoverage(notConveyed), target: RESULT_TARGETS.passages, weight: notConveyed / sentences.length });

  const email = feedback.email;
  const emailIssues = email.blank || email.language.notEnglish ? undefined : topCategory(email.language.issues);
  if (emailIssues) {
    found.push({ key: 'email-issues', text: RESULTS_TEXT.workOn.emailIssues(emailIssues.count, emailIssues.category), target: RESULT_TARGETS.email, weight: Math.min(1, emailIssues.count / ISSUES_FOR_FULL_WEIGHT) });
  }
  const checks = emailChecks(email);
  const notDone = checks.filter((ok) => !ok).length;
  if (notDone > 0) found.push({ key: 'email-checklist', text: RESULTS_TEXT.workOn.emailChecklist(notDone), target: RESULT_TARGETS.email, weight: notDone / checks.length });
  return found;
}

/**
 * The two or three things to work on first: the parts of this attempt that lost the largest share
 * (missed items of a section, the commonest kind of language issue, checklist points not done,
 * sentences of the passages not conveyed, low typing accuracy). Ties keep the page's order.
 */
export function workOnFirst(sections: readonly ItemSectionData[], typingAccuracy: number, feedback?: WritingFeedback): FocusPoint[] {
  return candidates(sections, typingAccuracy, feedback)
    .map((point, order) => ({ point, order }))
    .sort((a, b) => b.point.weight - a.point.weight || a.order - b.order)
    .slice(0, MAX_POINTS)
    .map(({ point }) => point);
}
