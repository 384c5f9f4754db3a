import { z } from 'zod';
import { count, isoTime, percent } from '../common/wire';
import { DEVIATION_KINDS, ISSUE_CATEGORIES, SKILLS, type Skill } from './text';

/**
 * Writing feedback on an attempt's passage reconstructions and email (feedback-service), and the
 * skill profile built from it and the attempt's section scores. A practice estimate on our own
 * scale, never an official score. Produced by libs/writing-feedback; read by the web app.
 */

const testId = z.number().int().min(1).max(20);
const verdict = z.enum(['short', 'fair', 'long']);

/**
 * One issue in the learner's text. `variant` marks a spelling of the other English (American
 * `color` where the bank writes British `colour`): shown, never counted as an error.
 */
export const writingIssueSchema = z.object({
  /** Position in the learner's text, in UTF-16 code units (as JavaScript strings count). */
  offset: count,
  length: count,
  category: z.enum([...ISSUE_CATEGORIES, 'variant']),
  ruleId: z.string(),
  /** A short learner-friendly explanation of the kind of issue. */
  explanation: z.string(),
  /** The checker's own message about this place. */
  message: z.string(),
  /** Up to three suggested replacements. */
  replacements: z.array(z.string()),
});
export type WritingIssue = z.infer<typeof writingIssueSchema>;

/** What the grammar checker found in one text. */
export const languageReportSchema = z.object({
  words: count,
  /** The text is not English (detected language, or most words unknown): no errors are listed. */
  notEnglish: z.boolean(),
  issues: z.array(writingIssueSchema),
  /** Errors per 100 words by category (variants excluded), one decimal. */
  errorsPer100Words: z.object({ grammar: z.number().min(0), spelling: z.number().min(0), punctuation: z.number().min(0), style: z.number().min(0), total: z.number().min(0) }),
  /** 0-100: fewer errors per 100 words score higher. */
  accuracy: percent,
});
export type LanguageReport = z.infer<typeof languageReportSchema>;
export type ErrorRates = LanguageReport['errorsPer100Words'];

export const sentenceCoverageSchema = z.object({
  sentence: z.string(),
  /** Share (0-100) of the sentence's content words the reconstruction conveys (by lemma/stem). */
  share: percent,
  covered: z.boolean(),
});
export type SentenceCoverage = z.infer<typeof sentenceCoverageSchema>;

/**
 * A place where a reconstruction keeps the original's words around it but changes a function word,
 * an inflection or an agreement ("workers is painting" where the passage says "workers are
 * painting"): not LanguageTool's finding but the comparison with the original.
 */
export const passageDeviationSchema = z.object({
  /** The learner's words there, in UTF-16 code units of the reconstruction (for a dropped word: the word after the gap). */
  offset: count,
  length: count,
  kind: z.enum(DEVIATION_KINDS),
  /** The original's words there: "are", "the walls". */
  expected: z.string(),
  /** "The passage says *are*." */
  message: z.string(),
  /** A short learner-friendly explanation of the kind of difference. */
  explanation: z.string(),
});
export type PassageDeviation = z.infer<typeof passageDeviationSchema>;

export const passageFeedbackSchema = z.object({
  /** Which of the three passages (0-2). */
  index: z.number().int().min(0).max(2),
  blank: z.boolean(),
  text: z.string(),
  /** 0-100: how much of the original's content the reconstruction conveys. */
  recall: percent,
  sentences: z.array(sentenceCoverageSchema),
  /** 0-100: covered sentences in the original's order; null with fewer than two covered. */
  orderKept: percent.nullable(),
  length: z.object({ words: count, originalWords: count, verdict }),
  language: languageReportSchema,
  /** Function words and forms that differ from the original, in text order. Absent in feedback stored before the comparison existed. */
  deviations: z.array(passageDeviationSchema).optional(),
  /** 0-100, the passage's overall practice score. */
  score: percent,
});
export type PassageFeedback = z.infer<typeof passageFeedbackSchema>;

export const greetingKindSchema = z.enum(['formal', 'neutral', 'informal', 'missing']);
export type GreetingKind = z.infer<typeof greetingKindSchema>;

export const registerReportSchema = z.object({
  contractions: z.array(z.string()),
  slang: z.array(z.string()),
  /** Words written in capitals (not short acronyms). */
  shouting: z.array(z.string()),
  emoji: count,
  exclamationMarks: count,
  /** 0-100. */
  score: percent,
  /** Nothing informal enough to matter in a formal email. */
  ok: z.boolean(),
});
export type RegisterReport = z.infer<typeof registerReportSchema>;

export const emailFeedbackSchema = z.object({
  blank: z.boolean(),
  text: z.string(),
  greeting: z.object({ kind: greetingKindSchema, text: z.string(), ok: z.boolean() }),
  closing: z.object({ kind: greetingKindSchema, text: z.string(), ok: z.boolean() }),
  points: z.array(z.object({ point: z.string(), addressed: z.boolean(), found: z.array(z.string()) })),
  register: registerReportSchema,
  organization: z.object({ paragraphs: count, sentences: count, markers: z.array(z.string()), score: percent }),
  length: z.object({ words: count, min: count, max: count, verdict }),
  vocabulary: z.object({ distinctWords: count, lessCommonShare: percent, score: percent }),
  language: languageReportSchema,
  score: percent,
});
export type EmailFeedback = z.infer<typeof emailFeedbackSchema>;

/** One ingredient of a skill figure: where it comes from, its 0-100 value and its weight. */
export const skillPartSchema = z.object({ source: z.string(), value: percent, weight: z.number().min(0).max(1) });
export type SkillPart = z.infer<typeof skillPartSchema>;

export const skillScoreSchema = z.object({ score: percent, parts: z.array(skillPartSchema) });
export type SkillScore = z.infer<typeof skillScoreSchema>;

const skillsOf = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(SKILLS.map((skill) => [skill, value])) as Record<Skill, T>);

export const skillProfileSchema = skillsOf(skillScoreSchema);
export type SkillProfile = z.infer<typeof skillProfileSchema>;

/** The stored feedback of one attempt (GET /api/attempts/:id/feedback when ready). */
export const writingFeedbackSchema = z.object({
  attemptId: z.string(),
  testId,
  /** When the attempt was submitted (ISO). */
  submittedAt: isoTime,
  createdAt: isoTime,
  passages: z.array(passageFeedbackSchema),
  email: emailFeedbackSchema,
  profile: skillProfileSchema,
  /** Which checker and English variant produced the issues. */
  checker: z.object({ name: z.string(), version: z.string(), variant: z.string() }),
});
export type WritingFeedback = z.infer<typeof writingFeedbackSchema>;

/** One attempt's profile, for the dashboard's trend (oldest first). */
export const skillTrendPointSchema = z.object({ attemptId: z.string(), testId, submittedAt: isoTime, scores: skillsOf(percent) });
export type SkillTrendPoint = z.infer<typeof skillTrendPointSchema>;

export const skillTrendResponseSchema = z.object({ points: z.array(skillTrendPointSchema) });
export type SkillTrendResponse = z.infer<typeof skillTrendResponseSchema>;

/**
 * GET /api/attempts/:id/feedback: 200 `ready` with the feedback, 202 `pending` while it is prepared.
 * `previous` is the learner's latest profile submitted before this attempt (null for their first),
 * for the results summary's change since last time; absent from a feedback-service older than it.
 */
export const feedbackReadySchema = z.object({ status: z.literal('ready'), feedback: writingFeedbackSchema, previous: skillTrendPointSchema.nullable().optional() });
export const feedbackPendingSchema = z.object({ status: z.literal('pending'), message: z.string() });
export const feedbackResponseSchema = z.discriminatedUnion('status', [feedbackReadySchema, feedbackPendingSchema]);
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** What both attempt events carry (msgID = attemptId): whose attempt, of which test, and when. */
const attemptEventSchema = z.object({
  attemptId: z.string().min(1).max(64),
  uid: z.string().min(1),
  testId: z.number().int().min(1),
  at: z.iso.datetime({ offset: true }),
});

/** `events.attempt.submitted`: catalog-service stored an attempt. */
export const attemptSubmittedEventSchema = attemptEventSchema;
export type AttemptSubmittedEvent = z.infer<typeof attemptSubmittedEventSchema>;

/** `events.feedback.ready`: feedback-service stored an attempt's feedback. */
export const feedbackReadyEventSchema = attemptEventSchema;
export type FeedbackReadyEvent = z.infer<typeof feedbackReadyEventSchema>;

// ---- what feedback-service is asked over NATS ----

/** The gateway passes the verified caller as `uid`; services trust only that. */
export const feedbackRequestSchema = z.object({ uid: z.string().min(1), attemptId: z.string().min(1).max(64) });
export const skillTrendRequestSchema = z.object({ uid: z.string().min(1) });

// ---- what catalog-service asks feedback-service (practice, issue 47) ----

/** The longest text `feedback.internal.checkSentence` checks: one corrected sentence (practice caps it at 400). */
export const CHECK_SENTENCE_MAX_CHARS = 400;

/** `feedback.internal.checkSentence`: one sentence for the grammar checker. */
export const checkSentenceRequestSchema = z.object({ text: z.string().max(CHECK_SENTENCE_MAX_CHARS) });

/** One match of the grammar checker on the sentence (libs/writing-feedback's CheckerMatch). */
export const checkerMatchSchema = z.object({
  offset: count,
  length: count,
  ruleId: z.string(),
  /** LanguageTool's rule category id: GRAMMAR, TYPOS, PUNCTUATION … */
  categoryId: z.string(),
  issueType: z.string().optional(),
  message: z.string(),
  replacements: z.array(z.string()),
});

/** The checker's matches on the sentence, and the language it detected. */
export const checkSentenceReplySchema = z.object({
  matches: z.array(checkerMatchSchema),
  detectedLanguage: z.object({ code: z.string(), confidence: z.number() }).optional(),
});
export type CheckSentenceReply = z.infer<typeof checkSentenceReplySchema>;

/** `feedback.internal.attemptFeedback`: the stored feedback of one attempt (404 while there is none). */
export const attemptFeedbackRequestSchema = z.object({ attemptId: z.string().min(1).max(64) });
