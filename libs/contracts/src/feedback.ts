import { z } from 'zod';

/**
 * Writing feedback on an attempt's passage reconstructions and email (feedback-service), and the
 * skill profile built from it and the attempt's section scores. A practice estimate on our own
 * scale, never an official score. Produced by libs/writing-feedback; read by the web app.
 */

/** One point an email prompt asks for, with the words that show a learner addressed it. */
export interface EmailPoint {
  /** Short, as the prompt asks it: "say when it started". */
  point: string;
  /** Lower-case words or short phrases (matched by lemma/stem, so "leaked" finds "leak"). */
  signals: string[];
}

/** Language issue categories, as learners are told them. */
export const ISSUE_CATEGORIES = ['grammar', 'spelling', 'punctuation', 'style'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

/**
 * One issue in the learner's text. `variant` marks a spelling of the other English (American
 * `color` where the bank writes British `colour`): shown, never counted as an error.
 */
export interface WritingIssue {
  /** Position in the learner's text, in UTF-16 code units (as JavaScript strings count). */
  offset: number;
  length: number;
  category: IssueCategory | 'variant';
  ruleId: string;
  /** A short learner-friendly explanation of the kind of issue. */
  explanation: string;
  /** The checker's own message about this place. */
  message: string;
  /** Up to three suggested replacements. */
  replacements: string[];
}

export type ErrorRates = Record<IssueCategory, number> & { total: number };

/** What the grammar checker found in one text. */
export interface LanguageReport {
  words: number;
  /** The text is not English (detected language, or most words unknown): no errors are listed. */
  notEnglish: boolean;
  issues: WritingIssue[];
  /** Errors per 100 words by category (variants excluded), one decimal. */
  errorsPer100Words: ErrorRates;
  /** 0-100: fewer errors per 100 words score higher. */
  accuracy: number;
}

export interface SentenceCoverage {
  sentence: string;
  /** Share (0-100) of the sentence's content words the reconstruction conveys (by lemma/stem). */
  share: number;
  covered: boolean;
}

/** What kind of word differs from the original at a passage deviation. */
export const DEVIATION_KINDS = ['verb-form', 'word-form', 'article', 'preposition'] as const;
export type DeviationKind = (typeof DEVIATION_KINDS)[number];

/**
 * A place where a reconstruction keeps the original's words around it but changes a function word,
 * an inflection or an agreement ("workers is painting" where the passage says "workers are
 * painting"): not LanguageTool's finding but the comparison with the original.
 */
export interface PassageDeviation {
  /** The learner's words there, in UTF-16 code units of the reconstruction (for a dropped word: the word after the gap). */
  offset: number;
  length: number;
  kind: DeviationKind;
  /** The original's words there: "are", "the walls". */
  expected: string;
  /** "The passage says *are*." */
  message: string;
  /** A short learner-friendly explanation of the kind of difference. */
  explanation: string;
}

export interface PassageFeedback {
  /** Which of the three passages (0-2). */
  index: number;
  blank: boolean;
  text: string;
  /** 0-100: how much of the original's content the reconstruction conveys. */
  recall: number;
  sentences: SentenceCoverage[];
  /** 0-100: covered sentences in the original's order; null with fewer than two covered. */
  orderKept: number | null;
  length: { words: number; originalWords: number; verdict: 'short' | 'fair' | 'long' };
  language: LanguageReport;
  /** Function words and forms that differ from the original, in text order. Absent in feedback stored before the comparison existed. */
  deviations?: PassageDeviation[];
  /** 0-100, the passage's overall practice score. */
  score: number;
}

export type GreetingKind = 'formal' | 'neutral' | 'informal' | 'missing';

export interface RegisterReport {
  contractions: string[];
  slang: string[];
  /** Words written in capitals (not short acronyms). */
  shouting: string[];
  emoji: number;
  exclamationMarks: number;
  /** 0-100. */
  score: number;
  /** Nothing informal enough to matter in a formal email. */
  ok: boolean;
}

export interface EmailFeedback {
  blank: boolean;
  text: string;
  greeting: { kind: GreetingKind; text: string; ok: boolean };
  closing: { kind: GreetingKind; text: string; ok: boolean };
  points: { point: string; addressed: boolean; found: string[] }[];
  register: RegisterReport;
  organization: { paragraphs: number; sentences: number; markers: string[]; score: number };
  length: { words: number; min: number; max: number; verdict: 'short' | 'fair' | 'long' };
  vocabulary: { distinctWords: number; lessCommonShare: number; score: number };
  language: LanguageReport;
  score: number;
}

export const SKILLS = ['grammar', 'vocabulary', 'organization', 'voiceTone', 'reading'] as const;
export type Skill = (typeof SKILLS)[number];
export const SKILL_LABELS: Record<Skill, string> = {
  grammar: 'Grammar',
  vocabulary: 'Vocabulary',
  organization: 'Organization',
  voiceTone: 'Voice & Tone',
  reading: 'Reading Comprehension',
};

/** One ingredient of a skill figure: where it comes from, its 0-100 value and its weight. */
export interface SkillPart {
  source: string;
  value: number;
  weight: number;
}

export interface SkillScore {
  score: number;
  parts: SkillPart[];
}

export type SkillProfile = Record<Skill, SkillScore>;

/** The stored feedback of one attempt (GET /api/attempts/:id/feedback when ready). */
export interface WritingFeedback {
  attemptId: string;
  testId: number;
  /** When the attempt was submitted (ISO). */
  submittedAt: string;
  createdAt: string;
  passages: PassageFeedback[];
  email: EmailFeedback;
  profile: SkillProfile;
  /** Which checker and English variant produced the issues. */
  checker: { name: string; version: string; variant: string };
}

/** GET /api/attempts/:id/feedback: 200 with `ready`, 202 with `pending` while it is being prepared. */
export type FeedbackResponse = { status: 'ready'; feedback: WritingFeedback } | { status: 'pending'; message: string };

export const FEEDBACK_PENDING_MESSAGE = 'Preparing your writing feedback…';

/** One attempt's profile, for the dashboard's trend (oldest first). */
export interface SkillTrendPoint {
  attemptId: string;
  testId: number;
  submittedAt: string;
  scores: Record<Skill, number>;
}

export interface SkillTrendResponse {
  points: SkillTrendPoint[];
}

/** `events.attempt.submitted`: catalog-service stored an attempt (msgID = attemptId). */
export const attemptSubmittedEventSchema = z.object({
  attemptId: z.string().min(1).max(64),
  uid: z.string().min(1),
  testId: z.number().int().min(1),
  at: z.iso.datetime({ offset: true }),
});
export type AttemptSubmittedEvent = z.infer<typeof attemptSubmittedEventSchema>;

/** `events.feedback.ready`: feedback-service stored an attempt's feedback (msgID = attemptId). */
export const feedbackReadyEventSchema = z.object({
  attemptId: z.string().min(1).max(64),
  uid: z.string().min(1),
  testId: z.number().int().min(1),
  at: z.iso.datetime({ offset: true }),
});
export type FeedbackReadyEvent = z.infer<typeof feedbackReadyEventSchema>;

/**
 * What feedback-service reads of an attempt from catalog-service (`catalog.attempts.writing`): the
 * texts, their originals and prompt, and the section scores the skill profile combines.
 */
export interface AttemptWriting {
  attemptId: string;
  uid: string;
  testId: number;
  submittedAt: string;
  passages: { original: string; text: string }[];
  email: { prompt: string; points: EmailPoint[]; text: string };
  sections: {
    sentences: { correct: number; total: number };
    fills: { correct: number; total: number };
    jumbled: { correct: number; total: number };
  };
}
