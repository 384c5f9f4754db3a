import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Throttle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNetworks } from '../../http/networks';
import { limitForAddress, perAddressLimit, type TrustedRanges } from './address-limits';

const school: TrustedRanges = { networks: parseNetworks(['203.0.113.0/24', '2001:db8:5::/48']), factor: 10 };

describe('limitForAddress', () => {
  it.each(['203.0.113.7', '::ffff:203.0.113.200', '2001:db8:5::1', '2001:db8:5:ffff::9'])('multiplies the limit for %s, inside a trusted range', (ip) => {
    expect(limitForAddress(20, ip, school)).toBe(200);
  });

  it.each(['203.0.114.7', '198.51.100.1', '2001:db8:6::1', 'not-an-address', '', undefined])('keeps the limit for %s, outside every trusted range', (ip) => {
    expect(limitForAddress(20, ip, school)).toBe(20);
  });

  it('keeps every limit when no range is configured', () => {
    expect(limitForAddress(20, '203.0.113.7', { networks: parseNetworks(''.split(',')), factor: 10 })).toBe(20);
  });
});

/**
 * The resolver as the gateway uses it: @Throttle with ThrottlerGuard on Fastify, whose client
 * address comes from a loopback proxy's X-Forwarded-For (trust proxy: loopback, as locally).
 */
describe('perAddressLimit under ThrottlerGuard', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    @Controller('sign-in')
    class SignInController {
      @Throttle({ default: { limit: perAddressLimit(2, school), ttl: 60_000 } })
      @Get()
      signIn() {
        return { ok: true };
      }
    }
    @Module({
      imports: [ThrottlerModule.forRoot({ throttlers: [{ name: 'default', ttl: 60_000, limit: 1000 }] })],
      controllers: [SignInController],
      providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter({ trustProxy: 'loopback' }), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app?.close());

  const statuses = async (from: string, n: number) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await fetch(`${base}/sign-in`, { headers: { 'X-Forwarded-For': from } })).status);
    return result;
  };

  it('lets a school address in a trusted range make ten times the sign-ins of any other address', async () => {
    expect(await statuses('198.51.100.9', 3)).toEqual([200, 200, 429]);
    const school = await statuses('203.0.113.50', 21);
    expect(school.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(school[20]).toBe(429);
  });

  it('cannot be claimed by a client that forges X-Forwarded-For past an untrusted hop', async () => {
    // The first hop (198.51.100.10) is not a trusted proxy, so its claim to be the school is ignored.
    expect(await statuses('203.0.113.60, 198.51.100.10', 3)).toEqual([200, 200, 429]);
  });
});
