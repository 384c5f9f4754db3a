import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './serve-web-app';

@Module({})
class EmptyModule {}

/**
 * Projects live where their users put them, often under a folder whose name starts with a dot
 * (~/.local/src, ~/work/.checkouts). a file server's `send` refuses dot segments in absolute paths, so
 * the web app is served from a dist folder below such a folder here.
 */
describe('serveWebApp under a dot folder', () => {
  let root: string;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fluent-web-'));
    const dist = join(root, '.hidden', 'checkout', 'apps', 'web', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fluent</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("fluent");');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("fluent");'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await NestFactory.create<NestFastifyApplication>(EmptyModule, new FastifyAdapter(), { logger: false });
    expect(await serveWebApp(app, dist)).toBe(true);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  // The blog's pages, robots.txt and sitemap.xml are SiteController's (site/site.controller.ts).
  it.each(['/', '/dashboard', '/about'])('answers the page %s with index.html', async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Fluent</title>');
  });

  it('serves a hashed asset with long caching', async () => {
    const response = await fetch(`${base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.log("fluent");');
  });

  it("sends an asset's brotli twin from the build to a browser that accepts it, and the file itself to one that does not", async () => {
    const brotli = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('cache-control')).toContain('immutable');
    expect(await brotli.text()).toBe('console.log("fluent");');
    const plain = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("fluent");');
  });

  it('serves a file at the root of the build', async () => {
    const response = await fetch(`${base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<svg');
  });

  it('still refuses dot files inside the build', async () => {
    writeFileSync(join(root, '.hidden', 'checkout', 'apps', 'web', 'dist', '.env'), 'SECRET=1');
    const response = await fetch(`${base}/.env`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(404);
  });

  it('leaves /api to the API (404 from Nest, not the page)', async () => {
    const response = await fetch(`${base}/api/nothing`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<title>Fluent</title>');
  });

  it('never looks for an API path among the files of the build', async () => {
    // A file where an API path points: the file server would answer it if /api reached the disk.
    const dist = join(root, '.hidden', 'checkout', 'apps', 'web', 'dist');
    mkdirSync(join(dist, 'api'), { recursive: true });
    writeFileSync(join(dist, 'api', 'config'), 'from the disk');
    const response = await fetch(`${base}/api/config`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('from the disk');
  });
});

/** Source maps give the original source away; a production gateway never serves them. */
describe('serveWebApp and source maps', () => {
  let root: string;
  const started: NestFastifyApplication[] = [];

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'fluent-web-maps-'));
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Fluent</title>');
    writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("fluent");\n//# sourceMappingURL=index-abc123.js.map');
    writeFileSync(join(root, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
    writeFileSync(join(root, 'sw.js.map'), '{"version":3,"sources":["../src/sw.ts"]}');
  });

  afterAll(async () => {
    await Promise.all(started.map((app) => app.close()));
    rmSync(root, { recursive: true, force: true });
  });

  async function serve(nodeEnv: string): Promise<string> {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = nodeEnv;
    try {
      const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, new FastifyAdapter(), { logger: false });
      started.push(app);
      expect(await serveWebApp(app, root)).toBe(true);
      await app.listen(0, '127.0.0.1');
      return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    } finally {
      process.env.NODE_ENV = previous;
    }
  }

  it.each([
    ['a hashed asset map', '/assets/index-abc123.js.map'],
    ['a map at the root of the build', '/sw.js.map'],
    ['a percent-encoded map name', '/assets/index-abc123.js.%6Dap'],
  ])('refuses %s with 404 when NODE_ENV=production', async (_case, path) => {
    const base = await serve('production');
    for (const accept of ['application/json', 'text/html']) {
      const response = await fetch(`${base}${path}`, { headers: { Accept: accept } });
      expect(response.status, accept).toBe(404);
      expect(await response.text(), accept).not.toContain('"version":3');
    }
  });

  it('still serves the bundle itself in production', async () => {
    const base = await serve('production');
    const response = await fetch(`${base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
  });

  it('serves maps outside production, where debugging needs them', async () => {
    const base = await serve('development');
    const response = await fetch(`${base}/assets/index-abc123.js.map`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"version":3');
  });
});
