import { defineMessage } from '../common/message';
import { pageViewReportRequestSchema, pageViewReportSchema } from './schemas';

/** blog-service's subject for page views: the views are counted from JetStream events (events.ts), the report is asked. */
export const PageViewMessages = {
  /** The operators' page-view report (the gateway checks the `operator` role first). */
  pageViewReport: defineMessage({ pattern: 'blog.analytics.report', request: pageViewReportRequestSchema, reply: pageViewReportSchema, readOnly: true }),
} as const;
