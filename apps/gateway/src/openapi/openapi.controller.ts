import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, NotFoundException, Param, Res, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Public } from '../auth/public.decorator';
import { config } from '../config';
import { openApiDocument } from './openapi-document';
import { ApiDoc, documentedRoutes, RATE } from './route-doc';

/** On unless production; in production only with API_DOCS=true. */
export const apiDocsEnabled = (env: { API_DOCS?: boolean; NODE_ENV?: string } = config): boolean => env.API_DOCS ?? env.NODE_ENV !== 'production';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fluent API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

/** No inline script (the site's CSP forbids it): the page starts Swagger UI from this file. */
const DOCS_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });\n`;

const ASSETS: Record<string, { file?: string; body?: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'docs.js': { body: DOCS_SCRIPT, type: 'text/javascript; charset=utf-8' },
};

/**
 * The API's contract: the OpenAPI 3.1 document built from the zod schemas (openapi-document.ts)
 * and Swagger UI for it, served from the swagger-ui-dist package on disk (nothing is fetched from
 * the internet). Off in production unless API_DOCS=true: a 404 then, as for any unknown path.
 */
@Controller('api')
export class OpenApiController {
  private document?: Record<string, unknown>;
  private readonly assets = new Map<string, string>();

  constructor(private readonly modules: ModulesContainer) {}

  /** Every controller the gateway registered, in the order of its modules: their routes are the document's. */
  private controllers(): Type[] {
    return [...this.modules.values()].flatMap((module) => [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type));
  }

  @Public()
  @Get('openapi.json')
  @ApiDoc({
    operationId: 'openApiDocument',
    tag: 'Docs',
    summary: 'This document (off in production unless API_DOCS=true: 404 then)',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) }, 404: { description: 'API docs are off' } },
  })
  @Header('Cache-Control', 'no-cache')
  openApi(): Record<string, unknown> {
    this.ensureEnabled();
    return (this.document ??= openApiDocument(documentedRoutes(this.controllers())));
  }

  @Public()
  @Get('docs')
  @ApiDoc({
    operationId: 'apiDocsPage',
    tag: 'Docs',
    summary: 'Swagger UI for this document (off in production unless API_DOCS=true)',
    access: 'public',
    callsService: false,
    rateLimit: RATE.api,
    responses: { 200: { description: 'HTML', schema: z.string(), contentType: 'text/html' }, 404: { description: 'API docs are off' } },
  })
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    this.ensureEnabled();
    return DOCS_PAGE;
  }

  @Public()
  @Get('docs/:asset')
  @ApiDoc({
    operationId: 'apiDocsAsset',
    tag: 'Docs',
    summary: "Swagger UI's script and stylesheet",
    access: 'public',
    params: { asset: { schema: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js']), description: 'The file' } },
    callsService: false,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The file', schema: z.string(), contentType: ['text/javascript', 'text/css'] },
      404: { description: 'No such file, or API docs are off' },
    },
  })
  @Header('Cache-Control', 'public, max-age=3600')
  asset(@Param('asset') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    this.ensureEnabled();
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new NotFoundException({ statusCode: 404, message: 'Not Found' });
    reply.header('Content-Type', asset.type);
    if (asset.body) return asset.body;
    let text = this.assets.get(name);
    if (text === undefined) {
      text = readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), asset.file!), 'utf8');
      this.assets.set(name, text);
    }
    return text;
  }

  private ensureEnabled(): void {
    if (!apiDocsEnabled()) throw new NotFoundException({ statusCode: 404, message: 'Not Found' });
  }
}
