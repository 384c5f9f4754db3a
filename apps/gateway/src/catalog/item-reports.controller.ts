import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import {
  itemReportListQuerySchema,
  itemReportListSchema,
  ItemReportMessages,
  itemReportReceiptSchema,
  itemReportSchema,
  OPERATOR_ROLE,
  type AuthenticatedUser,
  type ItemReportInput,
  type ItemReportList,
  type ItemReportListQuery,
  type ItemReportReceipt,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireRole } from '../auth/require-role.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { config } from '../config';
import { ApiDoc, RATE, attemptIdParam } from '../openapi/route-doc';
import { perAddressLimit } from '../common/rate-limit/address-limits';

/** A learner reports a few items after a test; a script reporting hundreds is not a learner. */
const reportLimit = { default: { limit: perAddressLimit(config.ITEM_REPORT_RATE_LIMIT), ttl: 60_000 } };

/** "Report a problem" on the results screen, and the operators' list of reports. */
@Controller('api')
export class ItemReportsController {
  constructor(private readonly rpc: RpcClient) {}

  /** 201 with a thank-you; 404 for an unknown attempt, another learner's, or an item it did not ask; 409 reported already. */
  @Throttle(reportLimit)
  @Post('attempts/:id/reports')
  @ApiDoc({
    operationId: 'reportItem',
    tag: 'Attempts',
    summary: 'Report a problem with an item of the attempt',
    access: 'learner',
    params: attemptIdParam,
    body: itemReportSchema,
    callsService: true,
    rateLimit: RATE.report,
    responses: {
      201: { description: 'Thank you', schema: itemReportReceiptSchema },
      404: { description: "Attempt not found (also another learner's), or an item it did not ask" },
      409: { description: 'Reported already' },
    },
  })
  @HttpCode(HttpStatus.CREATED)
  report(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') attemptId: string,
    @Body(new ZodValidationPipe(itemReportSchema)) report: ItemReportInput,
    @RequestId() requestId: string,
  ): Promise<ItemReportReceipt> {
    return this.rpc.send(ItemReportMessages.reportItem, { uid: user.uid, attemptId, report }, { requestId });
  }

  /**
   * Reports grouped by item, one page of items (`page`, `limit`), for a caller with the realm role
   * `operator` (401 without a token, 403 without the role).
   */
  @RequireRole(OPERATOR_ROLE)
  @Get('reports')
  @ApiDoc({
    operationId: 'itemReports',
    tag: 'Operators',
    summary:
      'Item reports grouped by item, most reported first (of the newest 5,000), one page of items at a time (page from 1; limit 10 by default, at most 20); each item lists its 10 newest reports, and a prompt, answer or comment longer than 300 characters is cut there and ends with …',
    access: 'operator',
    query: itemReportListQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The reports', schema: itemReportListSchema, headers: { 'Cache-Control': 'private, no-store' } } },
  })
  @Header('Cache-Control', 'private, no-store')
  list(@Query(new ZodValidationPipe(itemReportListQuerySchema)) query: ItemReportListQuery, @RequestId() requestId: string): Promise<ItemReportList> {
    return this.rpc.send(ItemReportMessages.listItemReports, query, { requestId });
  }
}
