import { useParams } from 'react-router-dom';
import { BLOG_POST_NOT_FOUND } from '@fluent/contracts';
import { Spinner } from '@/components/ui/spinner';
import { usePost } from '@/features/blog/api/get-post';
import { LoadError } from '@/features/blog/components/load-error';
import { PostArticle } from '@/features/blog/components/post-article';
import { PostNotFound } from '@/features/blog/components/post-not-found';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';

export function BlogPostRoute() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const notFound = post.error instanceof ApiError && post.error.status === 404;
  usePageMeta(
    post.data
      ? { title: post.data.title, description: post.data.summary }
      : { title: notFound ? BLOG_POST_NOT_FOUND : 'Blog', description: 'Advice for the timed English writing and typing test.' },
  );
  if (post.isPending) return <Spinner label="Loading the post…" holdsPage />;
  if (notFound) return <PostNotFound />;
  if (post.isError) return <LoadError what="This post" onRetry={() => void post.refetch()} />;
  return <PostArticle post={post.data} />;
}
