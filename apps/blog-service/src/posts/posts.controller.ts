import { Controller } from '@nestjs/common';
import { BLOG_POST_NOT_FOUND, BlogMessages, blogSlugSchema, type BlogPost, type BlogPostList, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage, rpcError } from '@fluent/server-kit';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @HandleMessage(BlogMessages.listPosts)
  async list(): Promise<BlogPostList> {
    return { posts: await this.posts.list() };
  }

  @HandleMessage(BlogMessages.getPost)
  get({ slug }: ParsedRequest<typeof BlogMessages.getPost>): Promise<BlogPost> {
    // A slug that cannot exist is simply a post that does not exist: no query needed.
    const valid = blogSlugSchema.safeParse(slug);
    if (!valid.success) throw rpcError(404, BLOG_POST_NOT_FOUND);
    return this.posts.get(valid.data);
  }
}
