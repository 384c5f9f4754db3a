import { Body, Controller, Get, Header, HttpCode, HttpStatus, Logger, Post, Query, Req, ServiceUnavailableException } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  PageViewMessages,
  EventSubjects,
  OPERATOR_ROLE,
  pageViewReportQuerySchema,
  pageViewReportRequestSchema,
  pageViewSchema,
  resolveReportSpan,
  type PageViewedEvent,
  type PageViewInput,
  type PageViewReport,
  type PageViewReportQuery,
  type PageViewReceipt,
} from '@fluent/contracts';
import { EventPublisher } from '@fluent/server-kit';
import { Public } from '../auth/public.decorator';
import { RequireRole } from '../auth/require-role.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { config } from '../config';
import { asksNotToBeTracked } from './do-not-track';

/** A person changes page a few times a minute; anything far beyond is a script inflating counts. */
const pageViewLimit = { default: { limit: config.PAGE_VIEW_RATE_LIMIT, ttl: 60_000 } };

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
  @HttpCode(HttpStatus.ACCEPTED)
  async pageView(@Body(new ZodValidationPipe(pageViewSchema)) body: PageViewInput, @Req() request: FastifyRequest): Promise<PageViewReceipt> {
    if (asksNotToBeTracked(request.headers)) return { recorded: false };
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
   * last 30 days.
   */
  @RequireRole(OPERATOR_ROLE)
  @Get('page-views')
  @Header('Cache-Control', 'private, no-store')
  report(@Query(new ZodValidationPipe(pageViewReportQuerySchema)) query: PageViewReportQuery, @RequestId() requestId: string): Promise<PageViewReport> {
    const span = new ZodValidationPipe(pageViewReportRequestSchema).transform(resolveReportSpan(query, new Date()));
    return this.rpc.send(PageViewMessages.pageViewReport, span, { requestId });
  }
}
