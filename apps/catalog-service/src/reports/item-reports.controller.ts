import { Controller } from '@nestjs/common';
import { ItemReportMessages, type ItemReportList, type ItemReportReceipt, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { ItemReportsService } from './item-reports.service';

/** The gateway passes the verified caller as `uid`, and checks the operator role before a list. */
@Controller()
export class ItemReportsController {
  constructor(private readonly reports: ItemReportsService) {}

  @HandleMessage(ItemReportMessages.reportItem)
  report(request: ParsedRequest<typeof ItemReportMessages.reportItem>): Promise<ItemReportReceipt> {
    return this.reports.report(request.uid, request.attemptId, request.report);
  }

  @HandleMessage(ItemReportMessages.listItemReports)
  list(query: ParsedRequest<typeof ItemReportMessages.listItemReports>): Promise<ItemReportList> {
    return this.reports.list(query);
  }
}
