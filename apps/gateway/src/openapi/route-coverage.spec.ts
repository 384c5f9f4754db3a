// The OpenAPI document and the gateway's routes are one list: the gateway is built as it runs
// (createGatewayApp, every controller and hook, no web build), every route Fastify registers is
// recorded, and the routes of the document it serves (each handler's @ApiDoc) must equal them both ways.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// No NATS behind it (the gateway connects in the background and starts without it), no web build.
process.env.NATS_URL = 'nats://127.0.0.1:1';
process.env.WEB_DIST = mkdtempSync(join(tmpdir(), 'no-web-build-'));
process.env.LOG_LEVEL = 'silent';

type Route = `${string} ${string}`;
const registered = new Set<Route>();
let close: (() => Promise<void>) | undefined;
let documented = new Set<Route>();

beforeAll(async () => {
  const { createGatewayApp } = await import('../http/create-gateway-app');
  const { OpenApiController } = await import('./openapi.controller');
  const app = await createGatewayApp();
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of GET; OPTIONS answers CORS preflights for every path.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      registered.add(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
  await app.init();
  close = () => app.close();
  const document = app.get(OpenApiController).openApi() as { paths: Record<string, Record<string, unknown>> };
  documented = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method): Route => `${method} ${path}`)));
}, 60_000);
afterAll(async () => close?.());

describe('route coverage of /api/openapi.json', () => {
  it('found the routes (the hook saw the controllers)', () => {
    expect(registered.size).toBeGreaterThan(20);
    expect(registered).toContain('get /api/openapi.json');
  });

  it('documents every route the gateway registers', () => {
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual([]);
  });

  it('documents no route the gateway does not have', () => {
    expect([...documented].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });
});
