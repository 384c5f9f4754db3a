import { Controller } from '@nestjs/common';
import { PageViewMessages, type PageViewReport, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { PageViewsService } from './page-views.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly pageViews: PageViewsService) {}

  /** The operators' report. Who may ask is the gateway's check (the `operator` realm role). */
  @HandleMessage(PageViewMessages.pageViewReport)
  report(span: ParsedRequest<typeof PageViewMessages.pageViewReport>): Promise<PageViewReport> {
    return this.pageViews.report(span);
  }
}
