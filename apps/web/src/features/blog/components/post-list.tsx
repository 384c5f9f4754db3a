import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { PostByline } from './post-byline';

export function PostList({ posts }: { posts: BlogPostSummary[] }) {
  return (
    <ol className="post-list" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.slug} className="card post-card">
          <article aria-labelledby={`post-${post.slug}`}>
            <h2 id={`post-${post.slug}`}>
              <Link to={paths.blogPost(post.slug)}>{post.title}</Link>
            </h2>
            <PostByline post={post} />
            <p className="post-summary">{post.summary}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
