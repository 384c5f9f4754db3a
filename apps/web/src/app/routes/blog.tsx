import { Spinner } from '@/components/ui/spinner';
import { usePosts } from '@/features/blog/api/get-posts';
import { LoadError } from '@/features/blog/components/load-error';
import { PostList } from '@/features/blog/components/post-list';

export function BlogRoute() {
  const posts = usePosts();
  return (
    <div className="blog-page">
      <header className="page-header">
        <h1>Blog</h1>
        <p className="lead">Practical advice for the timed English writing and typing test, from people who teach it.</p>
      </header>
      {posts.isPending ? <Spinner label="Loading posts…" holdsPage /> : null}
      {posts.isError ? <LoadError what="The blog" onRetry={() => void posts.refetch()} /> : null}
      {posts.data ? <PostList posts={posts.data.posts} /> : null}
    </div>
  );
}
