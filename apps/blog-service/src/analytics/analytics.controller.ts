import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BlogPatterns, pageViewReportRequestSchema, validationErrorBody, type PageViewReport } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { PageViewsService } from './page-views.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly pageViews: PageViewsService) {}

  /** The operators' report. Who may ask is the gateway's check (the `operator` realm role). */
  @MessagePattern(BlogPatterns.pageViewReport)
  report(@Payload() payload: unknown): Promise<PageViewReport> {
    const parsed = pageViewReportRequestSchema.safeParse(payload);
    if (!parsed.success) {
      const body = validationErrorBody(parsed.error);
      throw rpcError(400, body.message, body.errors);
    }
    return this.pageViews.report(parsed.data);
  }
}
