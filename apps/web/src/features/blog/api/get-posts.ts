import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostList } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** The blog is public: no access token is sent, so the answer is the same for everyone (and cacheable). */
export const getPosts = (): Promise<BlogPostList> => apiRequest<BlogPostList>('/api/blog', { auth: false });

export const postsQueryOptions = () => queryOptions({ queryKey: ['blog', 'posts'], queryFn: getPosts, staleTime: 5 * 60_000 });

export const usePosts = () => useQuery(postsQueryOptions());
