import { SKILL_LABELS, SKILLS, type Skill, type SkillProfile, type SkillTrendPoint } from '@fluent/contracts';

export interface SkillChange {
  skill: Skill;
  label: string;
  score: number;
  /** Points since the learner's previous profile; null when there is none to compare with. */
  delta: number | null;
}

/** The five skills of this attempt, each with its change since the previous attempt's profile. */
export function skillChanges(profile: SkillProfile, previous: SkillTrendPoint | null | undefined): SkillChange[] {
  return SKILLS.map((skill) => ({
    skill,
    label: SKILL_LABELS[skill],
    score: profile[skill].score,
    delta: previous ? profile[skill].score - previous.scores[skill] : null,
  }));
}
