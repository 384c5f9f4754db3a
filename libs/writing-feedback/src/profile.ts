import type { EmailFeedback, PassageFeedback, Skill, SkillPart, SkillProfile, SkillScore } from '@fluent/contracts';
import { accuracyOf } from './language';
import { clamp, round } from './words';

export interface SectionTallies {
  sentences: { correct: number; total: number };
  fills: { correct: number; total: number };
  jumbled: { correct: number; total: number };
}

const percent = ({ correct, total }: { correct: number; total: number }): number => (total > 0 ? (correct / total) * 100 : 0);
const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

function skill(parts: SkillPart[]): SkillScore {
  const weight = parts.reduce((sum, p) => sum + p.weight, 0);
  const rounded = parts.map((p) => ({ ...p, value: round(clamp(p.value)) }));
  return { score: weight === 0 ? 0 : round(clamp(parts.reduce((sum, p) => sum + clamp(p.value) * p.weight, 0) / weight)), parts: rounded };
}

/**
 * The skill profile: five figures 0-100 on our own practice scale, each a weighted mean of the
 * sections that bear on it (the parts are kept, so a learner can see how each figure was made).
 * A blank passage or email counts as 0 where it is an ingredient.
 *
 * - Grammar: word order (jumbled words) 30 %, grammar and spelling accuracy of the passages 35 %
 *   and of the email 35 %.
 * - Vocabulary: sentence completion 35 %, fill in the blanks 35 %, the email's vocabulary range 30 %.
 * - Organization: the email's organization 60 %, the passages' order kept 40 % (a passage that
 *   conveys fewer than two sentences shows no order: 0).
 * - Voice & Tone: the email's register 60 %, its greeting and closing 40 %.
 * - Reading Comprehension: the passages' content recall 70 %, the email's points addressed 30 %.
 */
export function skillProfile(sections: SectionTallies, passages: readonly PassageFeedback[], email: EmailFeedback): SkillProfile {
  const grammarAccuracy = (report: PassageFeedback['language']) => accuracyOf(report, ['grammar', 'spelling']);
  const pointsShare = email.points.length === 0 ? (email.blank ? 0 : 100) : (email.points.filter((p) => p.addressed).length / email.points.length) * 100;
  const profile: Record<Skill, SkillScore> = {
    grammar: skill([
      { source: 'Jumbled words (word order)', value: percent(sections.jumbled), weight: 0.3 },
      { source: 'Passage reconstructions: grammar and spelling', value: mean(passages.map((p) => grammarAccuracy(p.language))), weight: 0.35 },
      { source: 'Email: grammar and spelling', value: grammarAccuracy(email.language), weight: 0.35 },
    ]),
    vocabulary: skill([
      { source: 'Sentence completion', value: percent(sections.sentences), weight: 0.35 },
      { source: 'Fill in the blanks', value: percent(sections.fills), weight: 0.35 },
      { source: 'Email: vocabulary range', value: email.vocabulary.score, weight: 0.3 },
    ]),
    organization: skill([
      { source: 'Email: paragraphs, linking words, greeting and closing', value: email.organization.score, weight: 0.6 },
      { source: 'Passage reconstructions: order kept', value: mean(passages.map((p) => p.orderKept ?? 0)), weight: 0.4 },
    ]),
    voiceTone: skill([
      { source: 'Email: register (formal, no slang, capitals or emoji)', value: email.register.score, weight: 0.6 },
      { source: 'Email: greeting and closing', value: ((email.greeting.ok ? 50 : 0) + (email.closing.ok ? 50 : 0)) * (email.blank ? 0 : 1), weight: 0.4 },
    ]),
    reading: skill([
      { source: 'Passage reconstructions: content recalled', value: mean(passages.map((p) => p.recall)), weight: 0.7 },
      { source: 'Email: points of the prompt addressed', value: pointsShare, weight: 0.3 },
    ]),
  };
  return profile;
}

/** The five figures alone (the dashboard's trend). */
export function profileScores(profile: SkillProfile): Record<Skill, number> {
  return {
    grammar: profile.grammar.score,
    vocabulary: profile.vocabulary.score,
    organization: profile.organization.score,
    voiceTone: profile.voiceTone.score,
    reading: profile.reading.score,
  };
}
