import { postByline, type BlogPostSummary } from '@fluent/contracts';

/** 'By {author} · March 3, 2026', with the day also machine-readable. */
export function PostByline({ post }: { post: Pick<BlogPostSummary, 'author' | 'date'> }) {
  const [by, day] = postByline(post).split(' · ');
  return (
    <p className="byline">
      {by} · <time dateTime={post.date}>{day}</time>
    </p>
  );
}
