import { lazy, Suspense } from 'react';
import { SKILL_LABELS, SKILLS, type SkillProfile } from '@fluent/contracts';
import { RESULT_TARGETS } from '@/features/results/lib/sections';
import { SectionHeading } from '../section-heading';

const SkillProfileChart = lazy(() => import('../charts').then((m) => ({ default: m.SkillProfileChart })));

/**
 * The five skills as a chart and as text, each openable to show how it was made. A practice
 * estimate on our own scale, and said so.
 */
export function SkillProfileView({ profile }: { profile: SkillProfile }) {
  const bars = SKILLS.map((skill) => ({ name: SKILL_LABELS[skill], score: profile[skill].score }));
  return (
    <section className="card results-section" aria-labelledby={RESULT_TARGETS.skills}>
      <SectionHeading id={RESULT_TARGETS.skills}>Skill profile</SectionHeading>
      <p className="feedback-note">
        A practice estimate on Fluent’s own 0–100 scale, from this attempt’s sections and writing feedback. It is not an official score.
      </p>
      <figure className="results-figure-chart">
        <figcaption>Your skills in this attempt (0–100)</figcaption>
        <Suspense fallback={<div className="results-chart results-chart--loading" aria-hidden="true" />}>
          <SkillProfileChart skills={bars} />
        </Suspense>
      </figure>
      <ul className="skill-list">
        {SKILLS.map((skill) => (
          <li key={skill}>
            <details>
              <summary>
                {SKILL_LABELS[skill]}: <strong>{profile[skill].score}/100</strong> <span className="skill-list__how">How was this worked out?</span>
              </summary>
              <ul className="skill-parts">
                {profile[skill].parts.map((part) => (
                  <li key={part.source}>
                    {part.source}: {part.value}/100, counts {Math.round(part.weight * 100)}%
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
