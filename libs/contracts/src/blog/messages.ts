import { patternsOf, defineMessage } from '../common/message';
import { PageViewMessages } from '../analytics/messages';
import { ContactMessages } from '../contact/messages';
import { blogPostListSchema, blogPostRequestSchema, blogPostSchema } from './schemas';

/** blog-service's subjects for posts (asked by the gateway). */
export const BlogMessages = {
  listPosts: defineMessage({ pattern: 'blog.posts.list', reply: blogPostListSchema, readOnly: true }),
  getPost: defineMessage({ pattern: 'blog.posts.get', request: blogPostRequestSchema, reply: blogPostSchema, readOnly: true }),
} as const;

/** Every subject of blog-service the gateway may ask, by name. */
export const BlogPatterns = patternsOf({ ...ContactMessages, ...BlogMessages, ...PageViewMessages });
