import { defineMessage, patternsOf } from '../common/message';
import { JumbledOrderMessages } from '../jumbled-orders/messages';
import { ItemReportMessages } from '../reports/messages';
import {
  attemptListResponseSchema,
  attemptRequestSchema,
  attemptResultSchema,
  attemptWritingRequestSchema,
  attemptWritingSchema,
  learnerRequestSchema,
  publicTestSchema,
  submitAttemptRequestSchema,
  testCardsResponseSchema,
  testRequestSchema,
} from './schemas';

/** catalog-service's subjects the gateway asks (the item reports' are in reports/messages.ts). */
export const CatalogMessages = {
  listCards: defineMessage({ pattern: 'catalog.cards.list', request: learnerRequestSchema, reply: testCardsResponseSchema, readOnly: true }),
  getTest: defineMessage({ pattern: 'catalog.tests.get', request: testRequestSchema, reply: publicTestSchema, readOnly: true }),
  submitAttempt: defineMessage({ pattern: 'catalog.attempts.submit', request: submitAttemptRequestSchema, reply: attemptResultSchema }),
  getAttempt: defineMessage({ pattern: 'catalog.attempts.get', request: attemptRequestSchema, reply: attemptResultSchema, readOnly: true }),
  listAttempts: defineMessage({ pattern: 'catalog.attempts.list', request: learnerRequestSchema, reply: attemptListResponseSchema, readOnly: true }),
} as const;

/**
 * Asked by other services, never by the gateway (its NATS user may not publish under
 * `catalog.internal.>`): the texts and originals feedback-service checks.
 */
export const CatalogInternalMessages = {
  attemptWriting: defineMessage({ pattern: 'catalog.internal.attemptWriting', request: attemptWritingRequestSchema, reply: attemptWritingSchema }),
} as const;

export const CatalogInternalPatterns = patternsOf(CatalogInternalMessages);

/** Every subject of catalog-service the gateway may ask, by name. */
export const CatalogPatterns = patternsOf({ ...CatalogMessages, ...ItemReportMessages, ...JumbledOrderMessages });
