import { defineMessage, patternsOf } from '../common/message';
import {
  attemptFeedbackRequestSchema,
  checkSentenceReplySchema,
  checkSentenceRequestSchema,
  feedbackRequestSchema,
  feedbackResponseSchema,
  skillTrendRequestSchema,
  skillTrendResponseSchema,
  writingFeedbackSchema,
} from './schemas';

/** feedback-service's subjects (asked by the gateway). */
export const FeedbackMessages = {
  /** One attempt's feedback for its learner: ready, pending, or 404. */
  getFeedback: defineMessage({ pattern: 'feedback.attempts.get', request: feedbackRequestSchema, reply: feedbackResponseSchema, readOnly: true }),
  /** The learner's skill profiles over their attempts (the dashboard's trend). */
  skillTrend: defineMessage({ pattern: 'feedback.trend', request: skillTrendRequestSchema, reply: skillTrendResponseSchema, readOnly: true }),
} as const;

export const FeedbackPatterns = patternsOf(FeedbackMessages);

/**
 * Asked by catalog-service's practice module only, never by the gateway (its NATS user may not
 * publish under `feedback.internal.>`): the grammar checker on a corrected sentence (feedback-service
 * owns the LanguageTool client and its circuit breaker), and an attempt's stored feedback, whose
 * sentences with issues become cards.
 */
export const FeedbackInternalMessages = {
  checkSentence: defineMessage({ pattern: 'feedback.internal.checkSentence', request: checkSentenceRequestSchema, reply: checkSentenceReplySchema }),
  attemptFeedback: defineMessage({ pattern: 'feedback.internal.attemptFeedback', request: attemptFeedbackRequestSchema, reply: writingFeedbackSchema }),
} as const;

export const FeedbackInternalPatterns = patternsOf(FeedbackInternalMessages);
