import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import {
  BLOG_POST_NOT_FOUND,
  BlogMessages,
  blogPostListSchema,
  blogPostSchema,
  blogSlugSchema,
  type BlogPost,
  type BlogPostList,
} from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { config } from '../config';
import { ApiDoc, RATE, slugParam, cacheable } from '../openapi/route-doc';

/**
 * Posts change only when the repository does, so browsers and proxies may keep them for a while;
 * Express adds an ETag to every answer and turns a matching If-None-Match into 304.
 */
const CACHE_CONTROL = `public, max-age=${config.BLOG_CACHE_MAX_AGE_SECONDS}`;

@Controller('api/blog')
export class BlogController {
  constructor(private readonly rpc: RpcClient) {}

  /** Every post without its content, newest first. */
  @Public()
  @Get()
  @ApiDoc({
    operationId: 'blogPosts',
    tag: 'Blog',
    summary: 'Every post without its content, newest first',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The posts', schema: blogPostListSchema, headers: cacheable } },
  })
  @Header('Cache-Control', CACHE_CONTROL)
  list(@RequestId() requestId: string): Promise<BlogPostList> {
    return this.rpc.send(BlogMessages.listPosts, { requestId });
  }

  /** One post with its sanitised HTML; 404 'Post not found' for a slug that is not a post. */
  @Public()
  @Get(':slug')
  @ApiDoc({
    operationId: 'blogPost',
    tag: 'Blog',
    summary: 'One post with its sanitised HTML',
    access: 'public',
    params: slugParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The post', schema: blogPostSchema, headers: cacheable }, 404: { description: 'Post not found' } },
  })
  @Header('Cache-Control', CACHE_CONTROL)
  get(@Param('slug') slug: string, @RequestId() requestId: string): Promise<BlogPost> {
    // A slug no post can have is answered here, without a trip to blog-service.
    if (!blogSlugSchema.safeParse(slug).success) throw new NotFoundException({ statusCode: 404, message: BLOG_POST_NOT_FOUND });
    return this.rpc.send(BlogMessages.getPost, { slug }, { requestId });
  }
}
