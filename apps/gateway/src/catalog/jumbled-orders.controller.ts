import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  claimedOrderListQuerySchema,
  claimedOrderListSchema,
  JumbledOrderMessages,
  jumbledOrderDecisionReceiptSchema,
  jumbledOrderDecisionSchema,
  OPERATOR_ROLE,
  type AuthenticatedUser,
  type ClaimedOrderList,
  type ClaimedOrderListQuery,
  type JumbledOrderDecisionInput,
  type JumbledOrderDecisionReceipt,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireRole } from '../auth/require-role.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { ApiDoc, RATE } from '../openapi/route-doc';

/**
 * Learners correct the bank (docs/development.md#learners-correct-the-bank): the jumbled orders
 * learners claim are correct, grouped with a count, and one decision per order. Both for a
 * caller with the realm role `operator` (401 without a token, 403 without the role).
 */
@Controller('api/reports/jumbled-orders')
export class JumbledOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @RequireRole(OPERATOR_ROLE)
  @Get()
  @ApiDoc({
    operationId: 'claimedJumbledOrders',
    tag: 'Operators',
    summary:
      'The orders of jumbled items that learners reported as correct ("I think my sentence is correct") and no operator has decided yet, one entry per item and order with how many learners claimed it, most claimed first (of the newest 5,000 jumbled reports; page from 1, limit 20 by default, at most 50)',
    access: 'operator',
    query: claimedOrderListQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The claimed orders', schema: claimedOrderListSchema, headers: { 'Cache-Control': 'private, no-store' } } },
  })
  @Header('Cache-Control', 'private, no-store')
  list(@Query(new ZodValidationPipe(claimedOrderListQuerySchema)) query: ClaimedOrderListQuery, @RequestId() requestId: string): Promise<ClaimedOrderList> {
    return this.rpc.send(JumbledOrderMessages.listClaimedOrders, query, { requestId });
  }

  /** 200 with the decision as stored (the same decision again answers the same); 409 for another decision of a decided order. */
  @RequireRole(OPERATOR_ROLE)
  @Post('decisions')
  @ApiDoc({
    operationId: 'decideJumbledOrder',
    tag: 'Operators',
    summary:
      'Accept or refuse one order of a jumbled item. An accepted order is scored right from then on and every stored attempt that gave it is rescored in the background (the learner sees a note on the results page and the dashboard); a refused one leaves the list. Sending the same decision again is harmless.',
    access: 'operator',
    body: jumbledOrderDecisionSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The decision as stored', schema: jumbledOrderDecisionReceiptSchema },
      400: { description: 'The order does not use exactly the words of the item' },
      404: { description: 'No jumbled item has that id' },
      409: { description: 'The order is already listed in the bank, or was decided otherwise' },
      503: { description: 'Stored, but the rescoring could not be announced: send the same decision again' },
    },
  })
  @HttpCode(HttpStatus.OK)
  decide(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(jumbledOrderDecisionSchema)) decision: JumbledOrderDecisionInput,
    @RequestId() requestId: string,
  ): Promise<JumbledOrderDecisionReceipt> {
    return this.rpc.send(JumbledOrderMessages.decideJumbledOrder, { uid: user.uid, decision }, { requestId });
  }
}
