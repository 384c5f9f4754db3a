import { describe, expect, it } from 'vitest';
import { SKILLS } from '@fluent/contracts';
import { emailFeedback } from './email';
import { NO_MATCHES } from './language';
import { passageFeedback } from './passage';
import { profileScores, skillProfile } from './profile';
import { GOOD_EMAIL, INFORMAL_EMAIL, OFF_TOPIC, ORIGINAL, POINTS, rankOf } from './testing/fixtures';

const all = { correct: 10, total: 10 };
const none = { correct: 0, total: 10 };

describe('skill profile', () => {
  it('is high everywhere for a strong attempt, and says how each figure was made', () => {
    const passages = [0, 1, 2].map((i) => passageFeedback(i, ORIGINAL, ORIGINAL));
    const profile = skillProfile({ sentences: all, fills: all, jumbled: { correct: 15, total: 15 } }, passages, emailFeedback(POINTS, GOOD_EMAIL, NO_MATCHES, rankOf));
    for (const skill of SKILLS) {
      expect(profile[skill].score).toBeGreaterThanOrEqual(70);
      expect(profile[skill].parts.length).toBeGreaterThanOrEqual(2);
      expect(profile[skill].parts.reduce((sum, p) => sum + p.weight, 0)).toBeCloseTo(1);
    }
    expect(profile.reading.score).toBe(100);
    expect(profile.vocabulary.parts.map((p) => p.source)).toEqual(['Sentence completion', 'Fill in the blanks', 'Email: vocabulary range']);
  });

  it('is 0 for an attempt left blank', () => {
    const passages = [0, 1, 2].map((i) => passageFeedback(i, ORIGINAL, ''));
    const profile = skillProfile({ sentences: none, fills: none, jumbled: { correct: 0, total: 15 } }, passages, emailFeedback(POINTS, '', NO_MATCHES, rankOf));
    expect(profileScores(profile)).toEqual({ grammar: 0, vocabulary: 0, organization: 0, voiceTone: 0, reading: 0 });
  });

  it('moves each figure with the sections that bear on it, and only those', () => {
    const passages = [0, 1, 2].map((i) => passageFeedback(i, ORIGINAL, ORIGINAL));
    const email = emailFeedback(POINTS, GOOD_EMAIL, NO_MATCHES, rankOf);
    const base = profileScores(skillProfile({ sentences: all, fills: all, jumbled: all }, passages, email));
    const weakWords = profileScores(skillProfile({ sentences: none, fills: none, jumbled: all }, passages, email));
    expect(weakWords.vocabulary).toBeLessThan(base.vocabulary - 60);
    expect({ ...weakWords, vocabulary: 0 }).toEqual({ ...base, vocabulary: 0 });
    const informal = profileScores(skillProfile({ sentences: all, fills: all, jumbled: all }, passages, emailFeedback(POINTS, INFORMAL_EMAIL, NO_MATCHES, rankOf)));
    expect(informal.voiceTone).toBeLessThan(base.voiceTone - 50);
    const offTopic = profileScores(skillProfile({ sentences: all, fills: all, jumbled: all }, [0, 1, 2].map((i) => passageFeedback(i, ORIGINAL, OFF_TOPIC)), email));
    expect(offTopic.reading).toBe(30);
  });
});
