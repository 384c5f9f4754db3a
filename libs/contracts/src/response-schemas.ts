import { z } from 'zod';
import type { PageViewReceipt, PageViewReport } from './analytics';
import type { PublicConfig, SessionResponse, UserDocument } from './auth';
import type { BlogPost, BlogPostList } from './blog';
import type { AttemptListResponse, AttemptResult, PublicTest, MockTestCardsResponse } from './catalog';
import type { ContactMessageReceipt } from './contact';
import type { ErrorBody } from './errors';
import { DEVIATION_KINDS, ISSUE_CATEGORIES, SKILLS, type FeedbackResponse, type SkillTrendResponse, type WritingFeedback } from './feedback';
import type { HealthReport, LivenessReport } from './health';
import { ITEM_REPORT_REASONS, REPORTABLE_SECTIONS, type ItemReportList, type ItemReportReceipt } from './item-reports';
import type { CardPaymentResult, CreatePaymentIntentResponse, PaymentsClientConfig, WebhookReceipt } from './payments';

/**
 * What the gateway answers, as zod schemas: the responses of the published API contract (the
 * gateway's OpenAPI document, /api/openapi.json), beside the request schemas that validate what it
 * is sent. The TypeScript types the apps use stay the interfaces next to each feature; the checks
 * at the end of this file fail the build when a schema and its type drift apart. Objects are
 * closed in the document (zod's output mode), so a field an answer should not carry (a refresh
 * token, an answer key) is a contract failure.
 */

const count = z.number().int().min(0);
const percent = z.number().min(0).max(100);
const isoTime = z.iso.datetime({ offset: true });
const calendarDay = z.iso.date();
const correctOfTotal = z.object({ correct: count, total: count });

// ---- errors ----

/** Every error the API answers: a status, a message a person can read, and per-field messages for a 400. */
export const errorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string(),
  /** A 400's messages by field path (`answers.sentenceAnswers`); `_` for the body as a whole. */
  errors: z.record(z.string(), z.string()).optional(),
  /** The HTTP reason phrase, on the router's own 404 for an unknown route. */
  error: z.string().optional(),
});

// ---- health and settings ----

const componentStatus = z.enum(['up', 'down']);
export const livenessReportSchema = z.object({ status: z.literal('up') });
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'error']),
  components: z.record(z.string(), componentStatus),
  failing: z.array(z.string()),
  checkedAt: isoTime.optional(),
});
export const publicConfigSchema = z.object({ analytics: z.object({ measurementId: z.string().optional() }) });

// ---- sessions and the learner ----

export const sessionResponseSchema = z.object({ accessToken: z.string().min(1), expiresIn: z.number().int().positive() });
export const userDocumentSchema = z.object({
  uid: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  hasPaid: z.boolean().optional(),
  mobileNumber: z.string().optional(),
  paidTests: z.boolean().optional(),
  paymentDate: z.string().optional(),
});

// ---- the catalog ----

const testLevel = z.enum(['Easy', 'Moderate', 'Hard']);
const testId = z.number().int().min(1).max(20);
const itemId = z.number().int().min(0);
const threeOptions = z.tuple([z.string(), z.string(), z.string()]);

export const testCardsResponseSchema = z.object({
  cards: z.array(
    z.object({
      id: testId,
      name: z.string(),
      description: z.string(),
      level: testLevel,
      premium: z.boolean(),
      access: z.boolean(),
      attempted: z.boolean(),
      attemptsLeft: count,
    }),
  ),
  paid: z.boolean(),
});

const typingItem = z.object({ id: itemId, paragraph: z.string() });
const passageItem = z.object({ id: itemId, sentences: z.string() });
const emailPoint = z.object({ point: z.string(), signals: z.array(z.string()) });

/** GET /api/tests/:id: no answer, no acceptable answers, no alternatives, no email points. */
export const publicTestSchema = z.object({
  testId,
  level: testLevel,
  typing: typingItem,
  sentences: z.array(z.object({ id: itemId, question: z.string() })),
  fills: z.array(z.object({ id: itemId, question: z.string(), options: threeOptions })),
  jumbled: z.array(z.object({ id: itemId, jumbled: z.string() })),
  passages: z.array(passageItem),
  email: z.object({ id: itemId, prompt: z.string() }),
});

const sectionScore = z.object({ correct: count, total: count, items: z.array(z.object({ id: itemId, answer: z.string(), correct: z.boolean() })) });

export const attemptResultSchema = z.object({
  attemptId: z.string(),
  testId,
  submittedAt: isoTime,
  typingResults: z.object({ wpm: count, accuracy: percent }),
  sentenceAnswers: z.array(z.string()),
  fillAnswers: z.array(z.string()),
  jumbledAnswers: z.array(z.string()),
  passageInputs: z.array(z.string()),
  emailInput: z.string(),
  /** The test as it was asked, now with its answers (the results show them). */
  questions: z.object({
    testId,
    level: testLevel,
    typing: typingItem,
    sentences: z.array(z.object({ id: itemId, question: z.string(), acceptableAnswers: z.array(z.string()) })),
    fills: z.array(z.object({ id: itemId, question: z.string(), options: threeOptions, answer: z.string() })),
    jumbled: z.array(z.object({ id: itemId, jumbled: z.string(), answer: z.string(), alternatives: z.array(z.string()).optional() })),
    passages: z.array(passageItem),
    email: z.object({ id: itemId, prompt: z.string(), points: z.array(emailPoint).optional() }),
  }),
  score: z.object({
    typing: z.object({ wpm: count, accuracy: percent }),
    typingDetail: z
      .object({
        rawWpm: z.number().min(0),
        netWpm: z.number().min(0),
        perSecond: z.array(z.number().min(0)),
        consistency: percent,
        errorsCorrected: count,
        errorsLeft: count,
      })
      .optional(),
    sentences: sectionScore,
    fills: sectionScore,
    jumbled: sectionScore,
    passages: z.array(z.object({ id: itemId, wordCount: count, contentOverlap: percent })),
    email: z.object({ wordCount: count }),
    total: correctOfTotal,
  }),
});

export const attemptListResponseSchema = z.object({
  attempts: z.array(
    z.object({
      attemptId: z.string(),
      testId,
      submittedAt: isoTime,
      wpm: count,
      accuracy: percent,
      sections: z.object({ sentences: correctOfTotal, fills: correctOfTotal, jumbled: correctOfTotal }),
      total: correctOfTotal,
    }),
  ),
});

// ---- item reports ----

export const itemReportReceiptSchema = z.object({ message: z.string() });
export const itemReportListSchema = z.object({
  items: z.array(
    z.object({
      section: z.enum(REPORTABLE_SECTIONS),
      itemId,
      testId,
      prompt: z.string(),
      count: count,
      reasons: z.object(Object.fromEntries(ITEM_REPORT_REASONS.map((reason) => [reason, count])) as Record<(typeof ITEM_REPORT_REASONS)[number], typeof count>),
      reports: z.array(
        z.object({ attemptId: z.string(), answer: z.string(), reason: z.enum(ITEM_REPORT_REASONS), comment: z.string(), reportedAt: isoTime }),
      ),
    }),
  ),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalItems: count,
});

// ---- writing feedback ----

const verdict = z.enum(['short', 'fair', 'long']);
const greetingKind = z.enum(['formal', 'neutral', 'informal', 'missing']);
const languageReport = z.object({
  words: count,
  notEnglish: z.boolean(),
  issues: z.array(
    z.object({
      offset: count,
      length: count,
      category: z.enum([...ISSUE_CATEGORIES, 'variant']),
      ruleId: z.string(),
      explanation: z.string(),
      message: z.string(),
      replacements: z.array(z.string()),
    }),
  ),
  errorsPer100Words: z.object({ grammar: z.number().min(0), spelling: z.number().min(0), punctuation: z.number().min(0), style: z.number().min(0), total: z.number().min(0) }),
  accuracy: percent,
});
const skillScore = z.object({ score: percent, parts: z.array(z.object({ source: z.string(), value: percent, weight: z.number().min(0).max(1) })) });
const skillsOf = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(SKILLS.map((skill) => [skill, value])) as Record<(typeof SKILLS)[number], T>);

export const writingFeedbackSchema = z.object({
  attemptId: z.string(),
  testId,
  submittedAt: isoTime,
  createdAt: isoTime,
  passages: z.array(
    z.object({
      index: z.number().int().min(0).max(2),
      blank: z.boolean(),
      text: z.string(),
      recall: percent,
      sentences: z.array(z.object({ sentence: z.string(), share: percent, covered: z.boolean() })),
      orderKept: percent.nullable(),
      length: z.object({ words: count, originalWords: count, verdict }),
      language: languageReport,
      deviations: z
        .array(z.object({ offset: count, length: count, kind: z.enum(DEVIATION_KINDS), expected: z.string(), message: z.string(), explanation: z.string() }))
        .optional(),
      score: percent,
    }),
  ),
  email: z.object({
    blank: z.boolean(),
    text: z.string(),
    greeting: z.object({ kind: greetingKind, text: z.string(), ok: z.boolean() }),
    closing: z.object({ kind: greetingKind, text: z.string(), ok: z.boolean() }),
    points: z.array(z.object({ point: z.string(), addressed: z.boolean(), found: z.array(z.string()) })),
    register: z.object({
      contractions: z.array(z.string()),
      slang: z.array(z.string()),
      shouting: z.array(z.string()),
      emoji: count,
      exclamationMarks: count,
      score: percent,
      ok: z.boolean(),
    }),
    organization: z.object({ paragraphs: count, sentences: count, markers: z.array(z.string()), score: percent }),
    length: z.object({ words: count, min: count, max: count, verdict }),
    vocabulary: z.object({ distinctWords: count, lessCommonShare: percent, score: percent }),
    language: languageReport,
    score: percent,
  }),
  profile: skillsOf(skillScore),
  checker: z.object({ name: z.string(), version: z.string(), variant: z.string() }),
});

/** GET /api/attempts/:id/feedback: 200 `ready` with the feedback, 202 `pending` while it is prepared. */
export const feedbackReadySchema = z.object({ status: z.literal('ready'), feedback: writingFeedbackSchema });
export const feedbackPendingSchema = z.object({ status: z.literal('pending'), message: z.string() });

export const skillTrendResponseSchema = z.object({
  points: z.array(z.object({ attemptId: z.string(), testId, submittedAt: isoTime, scores: skillsOf(percent) })),
});

// ---- blog, contact, page views ----

const blogPostSummary = z.object({ slug: z.string(), title: z.string(), date: calendarDay, author: z.string(), summary: z.string() });
export const blogPostListSchema = z.object({ posts: z.array(blogPostSummary) });
export const blogPostSchema = blogPostSummary.extend({ content: z.string() });

export const contactMessageReceiptSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), receivedAt: isoTime });

export const pageViewReceiptSchema = z.object({ recorded: z.boolean() });
export const pageViewReportSchema = z.object({
  from: calendarDay,
  to: calendarDay,
  total: count,
  counts: z.array(z.object({ day: calendarDay, path: z.string(), views: z.number().int().positive() })),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  rows: count,
});

// ---- payments ----

export const createPaymentIntentResponseSchema = z.object({ clientSecret: z.string().min(1), paymentIntentId: z.string().regex(/^pi_/) });
export const paymentsClientConfigSchema = z.object({
  mode: z.enum(['offline', 'live']),
  publishableKey: z.string().optional(),
  price: z.object({ amount: z.number().int().positive(), currency: z.string() }),
});
export const cardPaymentResultSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });
export const webhookReceiptSchema = z.object({ received: z.literal(true), outcome: z.enum(['published', 'duplicate', 'ignored', 'refused']) });

// ---- each schema against the type the apps use: a difference fails the build ----

/** One plain object type for an interface, an intersection or a Record, all the way down. */
type Plain<T> = T extends readonly (infer U)[] ? Plain<U>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
/** Identical once plain: no field missing, extra, optional on one side only, or of another type. */
type Same<A, B> = (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
type Out<S extends z.ZodType> = z.output<S>;

/** Compile-time only; exported so that nothing reports it unused. */
export type ResponseSchemaChecks = [
  Holds<Same<Out<typeof errorBodySchema>, ErrorBody & { error?: string }>>,
  Holds<Same<Out<typeof livenessReportSchema>, LivenessReport>>,
  Holds<Same<Out<typeof healthReportSchema>, HealthReport>>,
  Holds<Same<Out<typeof publicConfigSchema>, PublicConfig>>,
  Holds<Same<Out<typeof sessionResponseSchema>, SessionResponse>>,
  Holds<Same<Out<typeof userDocumentSchema>, UserDocument>>,
  Holds<Same<Out<typeof testCardsResponseSchema>, MockTestCardsResponse>>,
  // The runner's test never carries the email's points (toPublicTest drops them); the type allows them.
  Holds<Out<typeof publicTestSchema> extends PublicTest ? true : false>,
  Holds<Same<Out<typeof attemptResultSchema>, AttemptResult>>,
  Holds<Same<Out<typeof attemptListResponseSchema>, AttemptListResponse>>,
  Holds<Same<Out<typeof itemReportReceiptSchema>, ItemReportReceipt>>,
  Holds<Same<Out<typeof itemReportListSchema>, ItemReportList>>,
  Holds<Same<Out<typeof writingFeedbackSchema>, WritingFeedback>>,
  Holds<Same<Out<typeof feedbackReadySchema> | Out<typeof feedbackPendingSchema>, FeedbackResponse>>,
  Holds<Same<Out<typeof skillTrendResponseSchema>, SkillTrendResponse>>,
  Holds<Same<Out<typeof blogPostListSchema>, BlogPostList>>,
  Holds<Same<Out<typeof blogPostSchema>, BlogPost>>,
  Holds<Same<Out<typeof contactMessageReceiptSchema>, ContactMessageReceipt>>,
  Holds<Same<Out<typeof pageViewReceiptSchema>, PageViewReceipt>>,
  Holds<Same<Out<typeof pageViewReportSchema>, PageViewReport>>,
  Holds<Same<Out<typeof createPaymentIntentResponseSchema>, CreatePaymentIntentResponse>>,
  Holds<Same<Out<typeof paymentsClientConfigSchema>, PaymentsClientConfig>>,
  Holds<Same<Out<typeof cardPaymentResultSchema>, CardPaymentResult>>,
  Holds<Same<Out<typeof webhookReceiptSchema>, WebhookReceipt>>,
];
