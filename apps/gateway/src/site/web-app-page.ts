import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

/**
 * The web app's page answered with a status other than 200: a blog post that does not exist (404,
 * the app shows 'Post not found'), or one the blog could not be asked for (503, the app offers to
 * try again). Thrown by a handler, written by WebAppPageFilter.
 */
export class WebAppPage extends Error {
  constructor(
    readonly html: string,
    readonly status: number,
  ) {
    super(`web app page (${status})`);
  }
}

/** Writes a WebAppPage through Nest's HTTP adapter, so it works on any platform Nest runs on. */
@Catch(WebAppPage)
export class WebAppPageFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(page: WebAppPage, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const response: unknown = host.switchToHttp().getResponse();
    httpAdapter.setHeader(response, 'Content-Type', 'text/html; charset=utf-8');
    httpAdapter.setHeader(response, 'Cache-Control', 'no-cache');
    httpAdapter.reply(response, page.html, page.status);
  }
}
