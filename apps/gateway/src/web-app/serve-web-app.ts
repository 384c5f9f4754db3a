import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { static as staticFiles, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isSitePath } from '../site/crawler-files';

/** The API's own paths: never a file of the build (no file-system lookup on the API's hot path). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** A request for a source map (`….map`), also when the name is percent-encoded. */
export function isSourceMapRequest(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* a malformed escape: judge the raw path */
  }
  return /\.map$/i.test(decoded);
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET
 * outside /api so that client-side routes (/dashboard, /blog/…) survive a reload. Returns false
 * when there is no build to serve (API-only deployments, or before `vite build`).
 *
 * With NODE_ENV=production, `*.map` is answered 404 even if a build left source maps behind:
 * they would give the original source away. (The production web build emits none either.)
 */
export function serveWebApp(app: NestExpressApplication, dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!dist || !existsSync(index)) return false;
  if (process.env.NODE_ENV === 'production') {
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (isApiPath(req.path) || !isSourceMapRequest(req.path)) return next();
      res.status(404).json({ statusCode: 404, message: 'Not Found' });
    });
  }
  // The build's .br/.gz twins (vite-plugin-compression2) go to browsers that accept them.
  app.use('/assets', expressStaticGzip(join(dist, 'assets'), { enableBrotli: true, orderPreference: ['br', 'gz'], serveStatic: { immutable: true, maxAge: '1y', fallthrough: false } }));
  // The build's top-level files (favicon, robots.txt…). Mounted at / this would stat the disk for
  // every API request; the API's paths skip it.
  const topLevelFiles = staticFiles(dist, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? next() : topLevelFiles(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path) && !isSitePath(req.path) && req.accepts('html');
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to `root`: `send` refuses dot segments only below the root, so a checkout under a
    // dot folder (~/.local/src/fluent) still serves, while dot files inside the build stay hidden.
    res.sendFile('index.html', { root: dist });
  });
  return true;
}
