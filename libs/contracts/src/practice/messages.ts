import { defineMessage, patternsOf } from '../common/message';
import {
  practiceCardsRequestSchema,
  practiceCardsSchema,
  practiceProgressRequestSchema,
  practiceProgressSchema,
  practiceReviewRequestSchema,
  practiceReviewResultSchema,
} from './wire';

/** catalog-service's practice subjects, asked by the gateway for the signed-in learner (`uid`). */
export const PracticeMessages = {
  /** GET /api/practice. */
  progress: defineMessage({ pattern: 'catalog.practice.progress', request: practiceProgressRequestSchema, reply: practiceProgressSchema, readOnly: true }),
  /** GET /api/practice/cards. */
  nextCards: defineMessage({ pattern: 'catalog.practice.cards', request: practiceCardsRequestSchema, reply: practiceCardsSchema, readOnly: true }),
  /** POST /api/practice/cards/:id/review: checks the answer, schedules the card, stores the review. */
  review: defineMessage({ pattern: 'catalog.practice.review', request: practiceReviewRequestSchema, reply: practiceReviewResultSchema }),
} as const;

export const PracticePatterns = patternsOf(PracticeMessages);
