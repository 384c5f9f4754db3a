import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HealthPatterns, SERVICES } from '@fluent/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RpcClient } from '../common/rpc/rpc.client';
import { HEALTH_OPTIONS, HealthController, type HealthOptions } from './health.controller';

const CACHE_MS = 5000;
const TOKEN = 'a-long-enough-health-token';

/**
 * The health controller over HTTP, as the gateway mounts it (trust proxy: loopback), with the
 * services behind NATS replaced by a fake that counts every health request it is sent.
 */
describe('HealthController', () => {
  let app: NestFastifyApplication;
  let base: string;
  const clock = { now: 1_700_000_000_000 };
  const down = new Set<string>();
  const send = vi.fn(async ({ pattern }: { pattern: string }) => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // a round takes a while, so a flood overlaps it
    const service = SERVICES.find((s) => HealthPatterns[s] === pattern)!;
    if (down.has(service)) throw new Error('no answer');
    const checks = service === 'payment-service' ? { stripe: 'up' } : service === 'feedback-service' ? { database: 'up', languagetool: 'up' } : { database: 'up' };
    return { service, status: 'up', checks };
  });

  beforeAll(async () => {
    const options: HealthOptions = { cacheMs: CACHE_MS, timeoutMs: 100, networks: ['10.0.0.0/8', 'fd00::/8'], token: TOKEN, now: () => clock.now };
    @Module({
      controllers: [HealthController],
      providers: [
        { provide: RpcClient, useValue: { send, isConnected: () => true } },
        { provide: HEALTH_OPTIONS, useValue: options },
      ],
    })
    class HealthTestModule {}
    app = await NestFactory.create<NestFastifyApplication>(HealthTestModule, new FastifyAdapter({ trustProxy: 'loopback' }), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app?.close());

  beforeEach(() => {
    clock.now += CACHE_MS; // every test starts outside the last test's cache window
    down.clear();
    send.mockClear();
  });

  /** A request as the gateway sees it from `from` (a loopback proxy forwarding for that address). */
  async function get(path: string, from?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, { headers: { ...(from ? { 'X-Forwarded-For': from } : {}), ...headers } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { components: Record<string, string>; checkedAt?: string; failing?: string[] } };
  }

  describe('liveness', () => {
    it('answers anyone with 200 {status: up} and asks no service', async () => {
      expect(await get('/api/health/live', '203.0.113.7')).toEqual({ status: 200, body: { status: 'up' } });
      expect(send).not.toHaveBeenCalled();
    });

    it('still answers 200 when every service is down', async () => {
      for (const service of SERVICES) down.add(service);
      expect((await get('/api/health/live')).status).toBe(200);
      expect(send).not.toHaveBeenCalled();
    });
  });

  describe('readiness', () => {
    it.each(['/api/health', '/api/health/ready'])('answers %s from loopback with 200 and every component', async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ok', failing: [] });
      expect(Object.keys(body.components).sort()).toEqual(
        ['blog-service', 'auth-service', 'catalog-service', 'database', 'feedback-service', 'languagetool', 'nats', 'payment-service', 'stripe'].sort(),
      );
    });

    it('answers 503 naming a service that did not answer', async () => {
      down.add('blog-service');
      const { status, body } = await get('/api/health');
      expect(status).toBe(503);
      expect(body.failing).toEqual(['blog-service']);
    });

    it.each(['/api/health', '/api/health/ready'])('answers %s to a public caller like an unknown route (404), asking no service', async (path) => {
      const { status, body } = await get(path, '203.0.113.7');
      expect(status).toBe(404);
      expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot GET ${path}` });
      expect(JSON.stringify(body)).not.toMatch(/nats|service|stripe/);
      expect(send).not.toHaveBeenCalled();
    });

    it('answers a caller from a configured internal network', async () => {
      expect((await get('/api/health', '10.42.0.9')).status).toBe(200);
      expect((await get('/api/health', 'fd00::12')).status).toBe(200);
    });

    it('answers a public caller that sends the health token, and no one with a wrong one', async () => {
      expect((await get('/api/health', '203.0.113.7', { 'X-Health-Token': TOKEN })).status).toBe(200);
      expect((await get('/api/health', '203.0.113.7', { 'X-Health-Token': `${TOKEN}x` })).status).toBe(404);
      expect((await get('/api/health', '203.0.113.7', { 'X-Health-Token': '' })).status).toBe(404);
    });

    it('makes one downstream round for a flood of probes within the cache window', async () => {
      const flood = await Promise.all(Array.from({ length: 40 }, () => get('/api/health')));
      expect(flood.every((r) => r.status === 200)).toBe(true);
      expect(new Set(flood.map((r) => r.body.checkedAt)).size).toBe(1);
      expect(send).toHaveBeenCalledTimes(SERVICES.length);

      clock.now += CACHE_MS - 1;
      await get('/api/health/ready');
      expect(send).toHaveBeenCalledTimes(SERVICES.length);
    });

    it('asks again once the window has passed, and then sees a change', async () => {
      expect((await get('/api/health')).status).toBe(200);
      down.add('auth-service');
      expect((await get('/api/health')).status).toBe(200); // still the cached report
      clock.now += CACHE_MS;
      const { status, body } = await get('/api/health');
      expect(status).toBe(503);
      expect(body.failing).toEqual(['auth-service']);
      expect(send).toHaveBeenCalledTimes(2 * SERVICES.length);
    });
  });
});
