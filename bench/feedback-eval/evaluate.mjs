// @ts-check
/** The figures of one run: JFLEG detection and rule precision, DREsS correlations. Pure given the checks. */
import { COMMON_WORDS } from '@fluent/writing-feedback';
import { accuracyOf, emailFeedback, HARPER_RULES, languageReport } from '@fluent/writing-feedback';
import { changedTokens, detokenize, pearson, tokensOfSpan } from './measures.mjs';

/**
 * JFLEG: a sentence needs correction when any of its four correctors changed it, and is clean when
 * none did. A flag is an issue the learner would see as an error (every category but "variant");
 * it is a hit when its span touches a token some corrector changed.
 * @param {import('./corpora.mjs').JflegSentence[]} sentences
 * @param {any[]} checks
 */
export function jflegFigures(sentences, checks) {
  // Also by a majority: needing correction when at least two of the four correctors changed it,
  // clean when at most one did (a sentence one corrector alone touched is a matter of taste).
  let needingTwo = 0;
  let foundTwo = 0;
  let cleanTwo = 0;
  let falseAlarmsTwo = 0;
  let needing = 0;
  let found = 0;
  let clean = 0;
  let falseAlarms = 0;
  let flags = 0;
  let hits = 0;
  /** @type {Record<string, { flags: number, hits: number, categories: Record<string, number> }>} */
  const perRule = {};
  sentences.forEach((s, i) => {
    const { text, spans } = detokenize(s.tokens);
    const changed = new Set(s.refs.flatMap((ref) => [...changedTokens(s.tokens, ref)]));
    const report = languageReport(text, checks[i]);
    const shown = report.issues.filter((issue) => issue.category !== 'variant');
    for (const issue of shown) {
      const hit = tokensOfSpan(spans, issue.offset, issue.length).some((t) => changed.has(t));
      flags += 1;
      if (hit) hits += 1;
      const rule = (perRule[issue.ruleId] ??= { flags: 0, hits: 0, categories: {} });
      rule.flags += 1;
      if (hit) rule.hits += 1;
      rule.categories[issue.category] = (rule.categories[issue.category] ?? 0) + 1;
    }
    const changers = s.refs.filter((ref) => changedTokens(s.tokens, ref).size > 0).length;
    if (changers >= 2) {
      needingTwo += 1;
      if (shown.length > 0) foundTwo += 1;
    } else {
      cleanTwo += 1;
      if (shown.length > 0) falseAlarmsTwo += 1;
    }
    if (changed.size > 0) {
      needing += 1;
      if (shown.length > 0) found += 1;
    } else {
      clean += 1;
      if (shown.length > 0) falseAlarms += 1;
    }
  });
  return {
    sentences: sentences.length,
    needing,
    clean,
    recall: found / needing,
    spanPrecision: flags === 0 ? NaN : hits / flags,
    falseAlarmRate: clean === 0 ? NaN : falseAlarms / clean,
    flags,
    majority: { needing: needingTwo, clean: cleanTwo, recall: foundTwo / needingTwo, falseAlarmRate: cleanTwo === 0 ? NaN : falseAlarmsTwo / cleanTwo },
    perRule,
  };
}

/**
 * Every Harper rule on JFLEG (all on, before the library keeps any): its flags and how many touch a
 * corrected token, and the same for the flags it adds where LanguageTool shows nothing. The choice
 * of rules (libs/writing-feedback/src/harper.ts) is made on dev from these.
 * @param {import('./corpora.mjs').JflegSentence[]} sentences
 * @param {any[]} languageToolChecks LanguageTool's answers alone
 * @param {import('@fluent/writing-feedback').HarperLint[][]} lints
 */
export function harperRuleFigures(sentences, languageToolChecks, lints) {
  /** @type {Record<string, { kind: string, kept: boolean, flags: number, hits: number, added: number, addedHits: number }>} */
  const perRule = {};
  sentences.forEach((s, i) => {
    const { text, spans } = detokenize(s.tokens);
    const changed = new Set(s.refs.flatMap((ref) => [...changedTokens(s.tokens, ref)]));
    const shown = languageReport(text, languageToolChecks[i]).issues.filter((issue) => issue.category !== 'variant');
    const chars = [...text];
    for (const lint of lints[i]) {
      // Harper counts characters; the corpus sentences are measured in UTF-16 offsets.
      const offset = chars.slice(0, lint.start).join('').length;
      const length = Math.max(1, chars.slice(lint.start, lint.end).join('').length);
      const hit = tokensOfSpan(spans, offset, length).some((t) => changed.has(t));
      const added = !shown.some((issue) => issue.offset < offset + length && offset < issue.offset + issue.length);
      const rule = (perRule[lint.rule] ??= { kind: lint.kind, kept: Object.hasOwn(HARPER_RULES, lint.rule), flags: 0, hits: 0, added: 0, addedHits: 0 });
      rule.flags += 1;
      if (hit) rule.hits += 1;
      if (added) {
        rule.added += 1;
        if (hit) rule.addedHits += 1;
      }
    }
  });
  return perRule;
}

/** The figures the result page shows for a text, from the library exactly as feedback-service runs it. */
export function essayFigures(/** @type {string} */ essay, /** @type {any} */ checked, /** @type {(w: string) => number | undefined} */ rankOf) {
  const email = emailFeedback([], essay, checked, rankOf);
  const report = email.language;
  const raw = checked.matches.length;
  return {
    accuracy: report.accuracy,
    grammarSpellingAccuracy: accuracyOf(report, ['grammar', 'spelling']),
    grammarPer100: -report.errorsPer100Words.grammar,
    spellingPer100: -report.errorsPer100Words.spelling,
    punctuationPer100: -report.errorsPer100Words.punctuation,
    stylePer100: -report.errorsPer100Words.style,
    totalPer100: -report.errorsPer100Words.total,
    vocabulary: email.vocabulary.score,
    distinctWords: email.vocabulary.distinctWords,
    lessCommonShare: email.vocabulary.lessCommonShare,
    organization: email.organization.score,
    register: email.register.score,
    emailScore: email.score,
    words: report.words,
    rawMatchesPer100: -(raw / Math.max(1, report.words)) * 100,
  };
}

/** What each figure is, as the report names it; error rates are negated so "higher is better" everywhere. */
export const FIGURES = {
  accuracy: 'Accuracy (passages, email)',
  grammarSpellingAccuracy: 'Grammar and spelling accuracy (skill profile: Grammar)',
  grammarPer100: 'Grammar errors per 100 words (negated)',
  spellingPer100: 'Spelling errors per 100 words (negated)',
  punctuationPer100: 'Punctuation errors per 100 words (negated)',
  stylePer100: 'Style issues per 100 words (negated)',
  totalPer100: 'All errors per 100 words (negated)',
  vocabulary: 'Vocabulary range (email; skill profile: Vocabulary)',
  distinctWords: 'Distinct content words',
  lessCommonShare: `Share of less common words (beyond rank ${COMMON_WORDS})`,
  organization: 'Organization (email)',
  register: 'Register (email)',
  emailScore: 'Email score',
  words: 'Baseline: length in words',
  rawMatchesPer100: 'Baseline: raw LanguageTool matches per 100 words (negated)',
};

export const TRAITS = /** @type {const} */ (['language', 'content', 'organization', 'total']);

/** Pearson r of every figure with every human score. @param {import('./corpora.mjs').RatedEssay[]} essays @param {ReturnType<typeof essayFigures>[]} figures */
export function correlations(essays, figures) {
  /** @type {Record<string, Record<string, number>>} */
  const out = {};
  for (const key of Object.keys(FIGURES)) {
    out[key] = {};
    for (const trait of TRAITS) out[key][trait] = pearson(figures.map((f) => /** @type {any} */ (f)[key]), essays.map((e) => e[trait]));
  }
  return out;
}
