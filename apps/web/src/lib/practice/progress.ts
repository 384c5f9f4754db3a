import { useQuery } from '@tanstack/react-query';
import type { PracticeProgressResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * The learner's practice figures (GET /api/practice): due today, reviewed today, the streak and
 * what is learnt per skill. Read by the header's link, the dashboard's strip and /practice; a
 * review makes them out of date.
 */
export const practiceProgressQueryKey = ['practice', 'progress'] as const;

/** The browser's IANA time zone: "today" and the streak are counted in the learner's days. */
export const learnerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getPracticeProgress = (timeZone: string = learnerTimeZone()): Promise<PracticeProgressResponse> =>
  apiRequest<PracticeProgressResponse>(`/api/practice?tz=${encodeURIComponent(timeZone)}`);

/** Asked again whenever a page showing it opens: reviews and new tests change it. */
export const usePracticeProgress = () => useQuery({ queryKey: practiceProgressQueryKey, queryFn: () => getPracticeProgress(), staleTime: 0 });
