import { describe, expect, it } from 'vitest';
import { emailFeedback, emailLengthScore, signalsFound } from './email';
import { NO_MATCHES } from './language';
import { registerReport } from './register';
import { GOOD_EMAIL, INFORMAL_EMAIL, matchAt, OFF_TOPIC_EMAIL, POINTS, rankOf, SPANISH } from './testing/fixtures';

const feedback = (text: string, checked = NO_MATCHES) => emailFeedback(POINTS, text, checked, rankOf);

describe('email', () => {
  it('ticks every item of a good formal email that answers the prompt', () => {
    const f = feedback(GOOD_EMAIL);
    expect(f.greeting).toEqual({ kind: 'formal', text: 'Dear Mr Patel', ok: true });
    expect(f.closing).toMatchObject({ kind: 'formal', text: 'Yours sincerely', ok: true });
    expect(f.points.map((p) => p.addressed)).toEqual([true, true, true]);
    expect(f.register.ok).toBe(true);
    expect(f.organization.paragraphs).toBeGreaterThanOrEqual(5);
    expect(f.organization.markers).toEqual(expect.arrayContaining(['however', 'i am writing to']));
    expect(f.length).toMatchObject({ verdict: 'fair', min: 80, max: 150 });
    expect(f.score).toBeGreaterThanOrEqual(90);
  });

  it('marks the register of a text-message email and scores it well below the formal one', () => {
    const f = feedback(INFORMAL_EMAIL);
    expect(f.greeting).toMatchObject({ kind: 'informal', ok: false });
    expect(f.closing).toMatchObject({ kind: 'informal', ok: false });
    expect(f.register).toMatchObject({ ok: false, slang: ['hey', 'lol', 'u', 'thx'], contractions: ["it's"], emoji: 1, exclamationMarks: 3 });
    expect(f.length.verdict).toBe('short');
    expect(f.score).toBeLessThan(feedback(GOOD_EMAIL).score - 30);
  });

  it('finds shouting in an email written in capitals, but not in an acronym or two', () => {
    const caps = feedback(GOOD_EMAIL.toUpperCase());
    expect(caps.register.ok).toBe(false);
    expect(caps.register.shouting).toEqual(expect.arrayContaining(['DEAR', 'KITCHEN']));
    expect(caps.points.every((p) => p.addressed)).toBe(true);
    expect(registerReport('Please send the PDF to HR before the end of the day.').shouting).toEqual([]);
    expect(registerReport('This is VERY URGENT, please reply.').shouting).toEqual(['VERY', 'URGENT']);
  });

  it('gives an email about something else no points and less than half the score', () => {
    const f = feedback(OFF_TOPIC_EMAIL);
    expect(f.points.every((p) => !p.addressed)).toBe(true);
    expect(f.greeting.ok && f.closing.ok && f.register.ok).toBe(true);
    expect(f.score).toBeLessThan(35);
  });

  it('answers a blank email with 0 and every item unticked', () => {
    const f = feedback('  ');
    expect(f).toMatchObject({ blank: true, score: 0, greeting: { kind: 'missing', ok: false }, closing: { kind: 'missing', ok: false } });
    expect(f.points.every((p) => !p.addressed)).toBe(true);
    expect(f.register.ok).toBe(false);
  });

  it('reports an email in another language as not English', () => {
    const matches = SPANISH.split(' ').map((w) => matchAt(SPANISH, w, { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS' }));
    const f = feedback(SPANISH, { matches, detectedLanguage: { code: 'es', confidence: 1 } });
    expect(f.language).toMatchObject({ notEnglish: true, issues: [] });
    expect(f.score).toBeLessThan(20);
  });

  it('finds signal words by lemma and stem, and phrases as consecutive words', () => {
    expect(signalsFound('The tap leaked and then it dripped all night.', ['leak', 'drip', 'flood'])).toEqual(['leak', 'drip']);
    expect(signalsFound('It began three days ago.', ['three days', 'ago', 'two days'])).toEqual(['three days', 'ago']);
    expect(signalsFound('Three people came for days.', ['three days'])).toEqual([]);
  });

  it('judges length against the 80-150 word band', () => {
    expect([0, 40, 80, 150, 210, 1000].map(emailLengthScore)).toEqual([0, 50, 100, 100, 80, 40]);
  });

  it('counts contractions, emoji and exclamation marks as informal, apostrophes of possession as nothing', () => {
    expect(registerReport('I can’t come. I’m ill. The manager’s office is shut! 🙂').contractions).toEqual(['can\'t', 'I\'m']);
    expect(registerReport('Thank you! 🙂 :)').emoji).toBe(2);
    expect(registerReport('Great!!!').exclamationMarks).toBe(3);
  });
});

describe('vocabulary range', () => {
  const PLAIN = 'I like my home. My home is good. I like it a lot. It is a good home and I like it.';
  const VARIED = 'Our cramped apartment overlooks a bustling harbour, where fishermen unload glistening catches beneath enormous cranes.';

  const BUSY_DAY =
    'Maria cooked rice, beans and spicy chicken for twelve hungry neighbours, then washed plates, swept floors, watered tomatoes, fed rabbits, repaired a broken fence, painted doors, and finally read newspapers quietly beside the warm kitchen stove.';

  it('does not grow with length alone: the same words written three times score lower, not higher', () => {
    const once = feedback(BUSY_DAY).vocabulary;
    const thrice = feedback(`${BUSY_DAY} ${BUSY_DAY} ${BUSY_DAY}`).vocabulary;
    expect(thrice.distinctWords).toBe(once.distinctWords);
    expect(thrice.score).toBeLessThan(once.score);
  });

  it('scores varied, less common words above a few common ones said again', () => {
    const plain = feedback(PLAIN).vocabulary;
    const varied = feedback(VARIED).vocabulary;
    expect(varied.lessCommonShare).toBeGreaterThan(plain.lessCommonShare);
    expect(varied.score).toBeGreaterThan(plain.score + 30);
    expect(feedback('').vocabulary.score).toBe(0);
  });
});
