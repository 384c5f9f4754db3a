import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './serve-web-app';

@Module({})
class EmptyModule {}

/**
 * Projects live where their users put them, often under a folder whose name starts with a dot
 * (~/.local/src, ~/work/.checkouts). Express's `send` refuses dot segments in absolute paths, so
 * the web app is served from a dist folder below such a folder here.
 */
describe('serveWebApp under a dot folder', () => {
  let root: string;
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fluent-web-'));
    const dist = join(root, '.hidden', 'checkout', 'apps', 'web', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fluent</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("fluent");');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await NestFactory.create<NestExpressApplication>(EmptyModule, { logger: false });
    expect(serveWebApp(app, dist)).toBe(true);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard', '/blog/some-post'])('answers the page %s with index.html', async (path) => {
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
});
