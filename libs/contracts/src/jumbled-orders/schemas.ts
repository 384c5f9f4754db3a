import { z } from 'zod';
import { count, isoTime } from '../common/wire';
import { pageQuery } from '../analytics/schemas';
import { JUMBLED_ORDER_DECISIONS, JUMBLED_ORDER_LIST_PAGE_DEFAULT, JUMBLED_ORDER_LIST_PAGE_MAX, JUMBLED_ORDER_MAX } from './text';

const itemId = z.number().int().min(0);

/** One learner order of a jumbled item that reports claim is correct, with how many learners claimed it. */
export const claimedOrderSchema = z.object({
  itemId,
  testId: z.number().int().min(1).max(20),
  /** The item's words as asked, and its key. */
  prompt: z.string(),
  key: z.string(),
  /** The order in the form it is compared in (libs/scoring jumbledOrderKey): what a decision names. */
  order: z.string(),
  /** The order as the newest report wrote it. */
  example: z.string(),
  count,
  lastReportedAt: isoTime,
});
export type ClaimedOrder = z.infer<typeof claimedOrderSchema>;

/** GET /api/reports/jumbled-orders?page=&limit= (operators). */
export const claimedOrderListQuerySchema = z.object(pageQuery(JUMBLED_ORDER_LIST_PAGE_MAX, JUMBLED_ORDER_LIST_PAGE_DEFAULT)).strict();
export type ClaimedOrderListQuery = z.infer<typeof claimedOrderListQuerySchema>;

/** The orders waiting for a decision, the most claimed first. */
export const claimedOrderListSchema = z.object({ orders: z.array(claimedOrderSchema), page: z.number().int().positive(), limit: z.number().int().positive(), totalOrders: count });
export type ClaimedOrderList = z.infer<typeof claimedOrderListSchema>;

/** POST /api/reports/jumbled-orders/decisions (operators): accept or refuse one order of one item. */
export const jumbledOrderDecisionSchema = z
  .object({
    itemId,
    order: z.string().trim().min(1, 'order is required').max(JUMBLED_ORDER_MAX, `order must be at most ${JUMBLED_ORDER_MAX} characters`),
    decision: z.enum(JUMBLED_ORDER_DECISIONS),
  })
  .strict();
export type JumbledOrderDecisionInput = z.infer<typeof jumbledOrderDecisionSchema>;

/** What a decision answers: the order as stored, and the sentence the bank will list for it. */
export const jumbledOrderDecisionReceiptSchema = z.object({ itemId, order: z.string(), sentence: z.string(), decision: z.enum(JUMBLED_ORDER_DECISIONS), decidedAt: isoTime });
export type JumbledOrderDecisionReceipt = z.infer<typeof jumbledOrderDecisionReceiptSchema>;

/** What catalog-service is asked to store a decision with (the operator as the gateway verified them). */
export const decideJumbledOrderRequestSchema = z.object({ uid: z.string().min(1), decision: jumbledOrderDecisionSchema });

/**
 * events.attempt.jumbledOrderAccepted: an operator accepted an order; catalog-service's durable
 * consumer rescores every stored attempt that gave it (published by catalog-service, with
 * `jumbled:<itemId>:<order>` as the JetStream message id).
 */
export const jumbledOrderAcceptedEventSchema = z.object({ itemId, order: z.string().min(1), sentence: z.string().min(1), acceptedAt: isoTime });
export type JumbledOrderAcceptedEvent = z.infer<typeof jumbledOrderAcceptedEventSchema>;
