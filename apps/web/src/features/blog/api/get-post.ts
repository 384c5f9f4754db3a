import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

export const getPost = (slug: string): Promise<BlogPost> => apiRequest<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`, { auth: false });

export const postQueryOptions = (slug: string) => queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => getPost(slug), staleTime: 5 * 60_000 });

export const usePost = (slug: string) => useQuery(postQueryOptions(slug));
