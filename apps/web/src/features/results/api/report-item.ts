import { useMutation } from '@tanstack/react-query';
import type { ItemReportInput, ItemReportReceipt } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/attempts/:id/reports: one report per learner and item (409 for a second one). */
export const reportItem = (attemptId: string, report: ItemReportInput): Promise<ItemReportReceipt> =>
  apiRequest<ItemReportReceipt>(`/api/attempts/${encodeURIComponent(attemptId)}/reports`, { method: 'POST', body: report });

export const useReportItem = (attemptId: string) => useMutation({ mutationFn: (report: ItemReportInput) => reportItem(attemptId, report) });
