import { Body, Controller, Get, Header, HttpCode, HttpStatus, Logger, Post, Query, Req, ServiceUnavailableException } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  EventSubjects,
  isSitePagePath,
  OPERATOR_ROLE,
  PageViewMessages,
  pageViewReceiptSchema,
  pageViewReportQuerySchema,
  pageViewReportRequestSchema,
  pageViewReportSchema,
  pageViewSchema,
  resolveReportSpan,
  type PageViewedEvent,
  type PageViewInput,
  type PageViewReceipt,
  type PageViewReport,
  type PageViewReportQuery,
} from '@fluent/contracts';
import { EventPublisher } from '@fluent/server-kit';
import { Public } from '../auth/public.decorator';
import { RequireRole } from '../auth/require-role.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { config } from '../config';
import { asksNotToBeTracked } from './do-not-track';
import { ApiDoc, RATE } from '../openapi/route-doc';
import { perAddressLimit } from '../common/rate-limit/address-limits';

/** A person changes page a few times a minute; anything far beyond is a script inflating counts. */
const pageViewLimit = { default: { limit: perAddressLimit(config.PAGE_VIEW_RATE_LIMIT), ttl: 60_000 } };

@Controller('api/analytics')
export class AnalyticsController {
  private readonly logger = new Logger(AnalyticsController.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly events: EventPublisher,
  ) {}

  /**
   * First-party page views: public, the path only (no user, no cookie, no address is stored).
   * Published on JetStream and counted by blog-service per path and day; 202 once the stream
   * has it. Nothing is published when the browser sends Do-Not-Track or Global Privacy Control.
   */
  @Public()
  @Throttle(pageViewLimit)
  @Post('page-view')
  @ApiDoc({
    operationId: 'pageView',
    tag: 'Analytics',
    summary: 'Count a page view (the path only); nothing is recorded under Do Not Track or Global Privacy Control',
    access: 'public',
    body: pageViewSchema,
    callsService: false,
    rateLimit: RATE.pageView,
    responses: {
      202: { description: "Accepted (recorded: false when the browser asked not to be tracked, or the path is none of the site's pages)", schema: pageViewReceiptSchema },
      503: { description: 'The view could not be stored (JetStream away)' },
    },
  })
  @HttpCode(HttpStatus.ACCEPTED)
  async pageView(@Body(new ZodValidationPipe(pageViewSchema)) body: PageViewInput, @Req() request: FastifyRequest): Promise<PageViewReceipt> {
    // Only the site's own pages are counted: paths made up by a script would grow the stored
    // counts and the operators' report without bound.
    if (asksNotToBeTracked(request.headers) || !isSitePagePath(body.path)) return { recorded: false };
    const event: PageViewedEvent = { id: randomUUID(), path: body.path, at: new Date().toISOString() };
    try {
      await this.events.publish(EventSubjects.pageViewed, event, event.id, request.id);
    } catch (error) {
      this.logger.warn(`Page view not published: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException({ statusCode: 503, message: 'The page view could not be recorded.' });
    }
    return { recorded: true };
  }

  /**
   * Views per path and UTC day, for operators: a signed-in caller whose access token carries the
   * realm role `operator` (401 without a token, 403 without the role). `from`/`to` default to the
   * last 30 days; one page of rows (`page`, `limit`) per answer.
   */
  @RequireRole(OPERATOR_ROLE)
  @Get('page-views')
  @ApiDoc({
    operationId: 'pageViewReport',
    tag: 'Operators',
    summary: 'Views per path and UTC day (the last 30 days by default, at most 366), one page of rows at a time (page from 1; limit 500 by default, at most 1,000)',
    access: 'operator',
    query: pageViewReportQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The counts', schema: pageViewReportSchema, headers: { 'Cache-Control': 'private, no-store' } } },
  })
  @Header('Cache-Control', 'private, no-store')
  report(@Query(new ZodValidationPipe(pageViewReportQuerySchema)) query: PageViewReportQuery, @RequestId() requestId: string): Promise<PageViewReport> {
    const span = new ZodValidationPipe(pageViewReportRequestSchema).transform(resolveReportSpan(query, new Date()));
    return this.rpc.send(PageViewMessages.pageViewReport, span, { requestId });
  }
}
