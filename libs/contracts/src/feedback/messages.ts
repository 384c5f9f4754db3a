import { defineMessage, patternsOf } from '../common/message';
import { feedbackRequestSchema, feedbackResponseSchema, skillTrendRequestSchema, skillTrendResponseSchema } from './schemas';

/** feedback-service's subjects (asked by the gateway). */
export const FeedbackMessages = {
  /** One attempt's feedback for its learner: ready, pending, or 404. */
  getFeedback: defineMessage({ pattern: 'feedback.attempts.get', request: feedbackRequestSchema, reply: feedbackResponseSchema, readOnly: true }),
  /** The learner's skill profiles over their attempts (the dashboard's trend). */
  skillTrend: defineMessage({ pattern: 'feedback.trend', request: skillTrendRequestSchema, reply: skillTrendResponseSchema, readOnly: true }),
} as const;

export const FeedbackPatterns = patternsOf(FeedbackMessages);
