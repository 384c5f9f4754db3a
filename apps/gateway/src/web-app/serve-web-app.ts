import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from '../http/api-path';

/** A request for a source map (`….map`), also when the name is percent-encoded. */
export function isSourceMapRequest(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* a malformed escape: judge the raw path */
  }
  return /\.map$/i.test(decoded.split('?')[0] ?? '');
}

/** Whether a browser navigates here (an HTML page is acceptable), as Express's `req.accepts('html')`. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    return !refused && (type === 'text/html' || type === 'text/*' || type === '*/*');
  });
}

/**
 * Serves the built SPA: hashed assets with long caching, the build's top-level files (favicon,
 * robots.txt…), and index.html for every other page GET outside /api so that client-side routes
 * (/dashboard, /blog/…) survive a reload. Returns false when there is no build to serve (API-only
 * deployments, or before `vite build`).
 *
 * Every file becomes a route when the gateway starts (`wildcard: false`): a request is matched by
 * the router like an API route, and nothing stats the disk per request. The build does not change
 * while the gateway runs. Dot files inside the build are never routes.
 *
 * With NODE_ENV=production, `*.map` is answered 404 even if a build left source maps behind: they
 * would give the original source away. (The production web build emits none either.)
 */
export async function serveWebApp(app: NestFastifyApplication, dist: string): Promise<boolean> {
  const index = join(dist, 'index.html');
  if (!dist || !existsSync(index)) return false;
  // Unset is production, as in the config (server-kit baseConfigSchema).
  const production = (process.env.NODE_ENV || 'production') === 'production';
  const noMaps = production ? ['**/*.map'] : [];
  if (existsSync(join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      immutable: true,
      maxAge: '1y',
      globIgnore: noMaps,
      // The build's .br/.gz twins (vite-plugin-compression2) go to browsers that accept them; the
      // pages' index.html below too (sendFile uses this registration's options).
      preCompressed: true,
    });
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    maxAge: '1h',
    // Assets have their own registration; index.html is the pages' answer, below.
    globIgnore: ['assets/**', 'index.html', ...noMaps],
    decorateReply: false,
  });

  const pages = (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = !isApiUrl(request.url) && acceptsHtml(request.headers.accept) && !(production && isSourceMapRequest(request.url));
    if (!isPage) return reply.callNotFound();
    // Relative to `root`, so a checkout under a dot folder (~/.local/src/fluent) still serves.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dist, { maxAge: 0, cacheControl: false });
  };
  // The router prefers every real route (the API's, the files') over this wildcard.
  app.getHttpAdapter().getInstance().route({ method: ['GET', 'HEAD'], url: '/*', handler: pages });
  return true;
}
