import { BLOG_POST_NOT_FOUND } from '@fluent/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** docs/product.md#texts: an unknown slug shows 'Post not found' with a 'Back to Blog' link. */
export function PostNotFound() {
  return (
    <section className="notice-page">
      <h1>{BLOG_POST_NOT_FOUND}</h1>
      <p>This post does not exist or has moved. The blog has every post we have published.</p>
      <Link to={paths.blog} className="button primary">
        Back to Blog
      </Link>
    </section>
  );
}
