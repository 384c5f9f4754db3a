import { queryOptions } from '@tanstack/react-query';
import type { UserDocument } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * The learner's user document (GET /api/me). Reading it on the dashboard's path creates it, with
 * paidTests false, when it is missing (docs/product.md#what-is-stored); the purchase polls it until paidTests is true.
 */
export const getLearner = (): Promise<UserDocument> => apiRequest<UserDocument>('/api/me');

/** Asked again on every visit to the dashboard (see `dashboardLoader`), never served from the cache alone. */
export const learnerQueryOptions = () => queryOptions({ queryKey: ['learner'], queryFn: getLearner, staleTime: 0 });
