import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, HttpException, HttpStatus, NotFoundException, Param, UseFilters } from '@nestjs/common';
import { z } from 'zod';
import { BlogMessages, blogSlugSchema, type BlogPost } from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { config } from '../config';
import { robotsTxt, sitemapXml } from './crawler-files';
import { withPageHints, withPageMeta } from './page-meta';
import { WebAppPage, WebAppPageFilter } from './web-app-page';
import { ApiDoc, RATE, slugParam } from '../openapi/route-doc';

/** Absolute URLs in the sitemap and in link previews use the origin learners reach the site at. */
const siteOrigin = () => (config.PUBLIC_ORIGIN ?? config.WEB_ORIGIN).replace(/\/+$/, '');

/**
 * What the site answers to crawlers and link previews outside /api: robots.txt, sitemap.xml, a
 * blog post's page with its own title, description, Open Graph and Twitter tags, and the blog
 * list's page with its JSON preloaded. Plain strings with their content type (no
 * framework-specific response objects).
 */
@Controller()
export class SiteController {
  private indexHtml?: string;

  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('robots.txt')
  @ApiDoc({
    operationId: 'robots',
    tag: 'Site',
    summary: 'What crawlers may visit, and where the sitemap is',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'robots.txt', schema: z.string(), contentType: 'text/plain' } },
  })
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return robotsTxt(siteOrigin());
  }

  /** Every public page and blog post; 503 while the blog cannot be asked (a crawler comes back). */
  @Public()
  @Get('sitemap.xml')
  @ApiDoc({
    operationId: 'sitemap',
    tag: 'Site',
    summary: 'The public pages and every blog post',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The sitemap', schema: z.string(), contentType: 'application/xml' } },
  })
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', `public, max-age=${config.BLOG_CACHE_MAX_AGE_SECONDS}`)
  async sitemap(@RequestId() requestId: string): Promise<string> {
    const { posts } = await this.rpc.send(BlogMessages.listPosts, { requestId });
    return sitemapXml(siteOrigin(), posts);
  }

  /** The blog list's page: the web app, with the list's JSON preloaded beside the scripts. */
  @Public()
  @Get('blog')
  @ApiDoc({
    operationId: 'blogPage',
    tag: 'Site',
    summary: "The blog's page: the web app with the list's JSON preloaded",
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'HTML', schema: z.string(), contentType: 'text/html' } },
  })
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  blog(): string {
    return withPageHints(this.webApp(), { url: `${siteOrigin()}/blog`, preloadJson: '/api/blog' });
  }

  /**
   * A blog post's page: the web app as for any page, its head telling link previews and crawlers
   * about this post, and the post's JSON preloaded beside the scripts. An unknown post is the app's
   * 'Post not found' page with status 404 (not a soft 404); while the blog cannot be asked, the app
   * (which offers to try again) with 503.
   */
  @Public()
  @Get('blog/:slug')
  @ApiDoc({
    operationId: 'blogPostPage',
    tag: 'Site',
    summary: "A post's page: the web app with the post's title, description and link-preview tags",
    access: 'public',
    params: slugParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'HTML', schema: z.string(), contentType: 'text/html' },
      404: { description: "The app's 'Post not found' page", schema: z.string(), contentType: 'text/html' },
      503: { description: 'The blog cannot be asked: the app, which offers to try again', schema: z.string(), contentType: 'text/html' },
    },
  })
  @UseFilters(WebAppPageFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  async blogPost(@Param('slug') slug: string, @RequestId() requestId: string): Promise<string> {
    const page = this.webApp();
    if (!blogSlugSchema.safeParse(slug).success) throw new WebAppPage(page, HttpStatus.NOT_FOUND);
    let post: BlogPost;
    try {
      post = await this.rpc.send(BlogMessages.getPost, { slug }, { requestId });
    } catch (error) {
      const status = error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND ? HttpStatus.NOT_FOUND : HttpStatus.SERVICE_UNAVAILABLE;
      throw new WebAppPage(page, status);
    }
    const url = `${siteOrigin()}/blog/${encodeURIComponent(post.slug)}`;
    return withPageMeta(page, {
      title: post.title,
      description: post.summary,
      url,
      type: 'article',
      publishedTime: post.date,
      author: post.author,
      preloadJson: `/api/blog/${encodeURIComponent(post.slug)}`,
    });
  }

  /** The built web app's index.html (read once: the build does not change while we run). */
  private webApp(): string {
    if (this.indexHtml === undefined) {
      try {
        this.indexHtml = readFileSync(join(config.WEB_DIST, 'index.html'), 'utf8');
      } catch {
        throw new NotFoundException({ statusCode: 404, message: 'Not Found' });
      }
    }
    return this.indexHtml;
  }
}
