import { lazy, Suspense } from 'react';
import { SKILL_LABELS, SKILLS, type SkillTrendPoint } from '@fluent/contracts';

const SkillTrendChart = lazy(() => import('./skill-trend-chart').then((m) => ({ default: m.SkillTrendChart })));

const change = (now: number, before?: number) => (before === undefined ? '' : now === before ? ' (no change)' : now > before ? ` (up ${now - before})` : ` (down ${before - now})`);

/**
 * The skill profile's trend over the learner's attempts: the latest figures with their change
 * since the attempt before (text, for everyone), and a chart once there are two attempts.
 */
export function SkillTrend({ points }: { points: SkillTrendPoint[] }) {
  if (points.length === 0) return null;
  const latest = points.at(-1)!;
  const previous = points.at(-2);
  return (
    <div className="skill-trend">
      <h3 className="skill-trend__heading">Skill profile (practice estimate, 0–100)</h3>
      <ul className="skill-trend__latest" aria-label="Latest skill profile">
        {SKILLS.map((skill) => (
          <li key={skill}>
            {SKILL_LABELS[skill]}: <strong>{latest.scores[skill]}</strong>
            {change(latest.scores[skill], previous?.scores[skill])}
          </li>
        ))}
      </ul>
      {points.length > 1 ? (
        <figure className="skill-trend__chart">
          <figcaption>Your skills over your last {points.length} attempts</figcaption>
          <Suspense fallback={<div className="skill-trend__loading" aria-hidden="true" />}>
            <SkillTrendChart points={points} />
          </Suspense>
        </figure>
      ) : null}
    </div>
  );
}
