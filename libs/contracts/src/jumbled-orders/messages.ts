import { defineMessage } from '../common/message';
import { claimedOrderListQuerySchema, claimedOrderListSchema, decideJumbledOrderRequestSchema, jumbledOrderDecisionReceiptSchema } from './schemas';

/** catalog-service's subjects for the orders learners claim (the gateway checks the `operator` role first). */
export const JumbledOrderMessages = {
  listClaimedOrders: defineMessage({ pattern: 'catalog.jumbledOrders.list', request: claimedOrderListQuerySchema, reply: claimedOrderListSchema, readOnly: true }),
  decideJumbledOrder: defineMessage({ pattern: 'catalog.jumbledOrders.decide', request: decideJumbledOrderRequestSchema, reply: jumbledOrderDecisionReceiptSchema }),
} as const;
