import { useQuery } from '@tanstack/react-query';
import type { SkillTrendResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/feedback/trend: the learner's skill profiles over their attempts, oldest first. */
export const getSkillTrend = (): Promise<SkillTrendResponse> => apiRequest<SkillTrendResponse>('/api/feedback/trend');

export const useSkillTrend = () => useQuery({ queryKey: ['skill-trend'], queryFn: getSkillTrend, staleTime: 0, retry: 1 });
