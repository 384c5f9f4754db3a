import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { CatalogPatterns, itemReportListQuerySchema, itemReportSchema, type ItemReportList, type ItemReportReceipt } from '@fluent/contracts';
import { parsePayload } from '@fluent/server-kit';
import { ItemReportsService } from './item-reports.service';

const reportRequestSchema = z.object({ uid: z.string().min(1), attemptId: z.string().min(1).max(64), report: itemReportSchema });

/** The gateway passes the verified caller as `uid`, and checks the operator role before a list. */
@Controller()
export class ItemReportsController {
  constructor(private readonly reports: ItemReportsService) {}

  @MessagePattern(CatalogPatterns.reportItem)
  report(@Payload() payload: unknown): Promise<ItemReportReceipt> {
    const request = parsePayload(reportRequestSchema, payload);
    return this.reports.report(request.uid, request.attemptId, request.report);
  }

  @MessagePattern(CatalogPatterns.listItemReports)
  list(@Payload() payload: unknown): Promise<ItemReportList> {
    return this.reports.list(parsePayload(itemReportListQuerySchema, payload ?? {}));
  }
}
