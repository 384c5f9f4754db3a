import { Link } from 'react-router-dom';
import type { BlogPost } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { PostByline } from './post-byline';

/**
 * One post. Its HTML was sanitised by blog-service before it was stored (no scripts, handlers or
 * unsafe links), and the Content-Security-Policy blocks inline scripts besides.
 */
export function PostArticle({ post }: { post: BlogPost }) {
  return (
    <article className="post">
      <header className="page-header">
        <p className="eyebrow">
          <Link to={paths.blog}>Blog</Link>
        </p>
        <h1>{post.title}</h1>
        <PostByline post={post} />
        <p className="lead">{post.summary}</p>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
      <footer className="post-footer">
        <Link to={paths.blog} className="button">
          Back to Blog
        </Link>
      </footer>
    </article>
  );
}
