import { PracticeTexts, SKILL_LABELS, SKILLS, type PracticeProgressResponse } from '@fluent/contracts';
import { PRACTICE_MESSAGES } from '../messages';

/** The learner's practice figures: due today, reviewed today, the streak, and per skill how many cards are learnt. */
export function PracticeProgress({ progress }: { progress: PracticeProgressResponse }) {
  const figures: Array<[string, string]> = [
    [PracticeTexts.dueTodayLabel, String(progress.dueToday)],
    [PracticeTexts.reviewedTodayLabel, String(progress.reviewedToday)],
    [PracticeTexts.streakLabel, PracticeTexts.streak(progress.streak)],
  ];
  return (
    <section className="card practice-progress" aria-labelledby="practice-progress-title">
      <h2 id="practice-progress-title">{PRACTICE_MESSAGES.progressHeading}</h2>
      <dl className="practice-figures-list">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 id="practice-learnt-title">
        {PracticeTexts.learntLabel}
      </h3>
      <dl className="practice-learnt" aria-labelledby="practice-learnt-title">
        {SKILLS.map((skill) => (
          <div key={skill}>
            <dt>{SKILL_LABELS[skill]}</dt>
            <dd>{PRACTICE_MESSAGES.learntOf(progress.bySkill[skill].learnt, progress.bySkill[skill].total)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
