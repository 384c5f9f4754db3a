import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BLOG_POST_NOT_FOUND, BlogPatterns, blogSlugSchema, type BlogPost, type BlogPostList } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @MessagePattern(BlogPatterns.listPosts)
  async list(): Promise<BlogPostList> {
    return { posts: await this.posts.list() };
  }

  @MessagePattern(BlogPatterns.getPost)
  get(@Payload() payload: unknown): Promise<BlogPost> {
    // A slug that cannot exist is simply a post that does not exist: no query needed.
    const slug = blogSlugSchema.safeParse((payload as { slug?: unknown } | null)?.slug);
    if (!slug.success) throw rpcError(404, BLOG_POST_NOT_FOUND);
    return this.posts.get(slug.data);
  }
}
