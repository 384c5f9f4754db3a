import type { AttemptWriting, WritingFeedback } from '@fluent/contracts';
import { emailFeedback, NO_MATCHES, passageDeviations, passageFeedback, skillProfile, withoutGuessesAt, type CheckerResult, type RankOf } from '@fluent/writing-feedback';

export interface Checked {
  passages: CheckerResult[];
  email: CheckerResult;
  checker: WritingFeedback['checker'];
}

/** The stored feedback of an attempt from its texts and their checks (pure; libs/writing-feedback scores). */
export function composeFeedback(writing: AttemptWriting, checked: Checked, rankOf: RankOf, now: Date): WritingFeedback {
  const passages = writing.passages.map((p, i) => {
    const deviations = passageDeviations(p.original, p.text);
    return { ...passageFeedback(i, p.original, p.text, withoutGuessesAt(deviations, checked.passages[i] ?? NO_MATCHES)), deviations };
  });
  const email = emailFeedback(writing.email.points, writing.email.text, checked.email, rankOf);
  return {
    attemptId: writing.attemptId,
    testId: writing.testId,
    submittedAt: writing.submittedAt,
    createdAt: now.toISOString(),
    passages,
    email,
    profile: skillProfile(writing.sections, passages, email),
    checker: checked.checker,
  };
}
