import { defineMessage } from '../common/message';
import { itemReportListQuerySchema, itemReportListSchema, itemReportReceiptSchema, reportItemRequestSchema } from './schemas';

/** catalog-service's subjects for item reports. */
export const ItemReportMessages = {
  reportItem: defineMessage({ pattern: 'catalog.reports.create', request: reportItemRequestSchema, reply: itemReportReceiptSchema }),
  /** The operators' list of item reports (the gateway checks the `operator` role first). */
  listItemReports: defineMessage({ pattern: 'catalog.reports.list', request: itemReportListQuerySchema, reply: itemReportListSchema, readOnly: true }),
} as const;
