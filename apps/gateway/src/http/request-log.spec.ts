import Fastify from 'fastify';
import type { Logger } from 'nestjs-pino';
import { describe, expect, it, vi } from 'vitest';
import { requestIdOf } from './request-id';
import { logRequests } from './request-log';

/** A Fastify app with routes answering each status, its request lines going to a fake logger. */
async function appLoggingAt(level: string) {
  const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() };
  const app = Fastify({ genReqId: requestIdOf });
  logRequests(app, logger as unknown as Logger, level);
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/fail', async (_request, reply) => reply.code(503).send({}));
  app.get('/api/health/ready', async (_request, reply) => reply.code(503).send({}));
  await app.ready();
  return { app, logger };
}

describe('request lines', () => {
  it('logs a refusal at warn with a summary of the request: no headers, no query of an /api/auth call', async () => {
    const { app, logger } = await appLoggingAt('info');
    await app.inject({ url: '/api/auth/google/callback?code=c0de&state=s3cret', headers: { authorization: 'Bearer t0ken', cookie: 'fluent_session=s3ss' } });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const line = logger.warn.mock.calls[0]![0];
    expect(line).toMatchObject({ msg: 'request refused', res: { statusCode: 404 }, req: { method: 'GET', url: '/api/auth/google/callback?[redacted]' } });
    expect(JSON.stringify(line)).not.toMatch(/c0de|s3cret|t0ken|s3ss/);
  });

  it('logs a failure at error', async () => {
    const { app, logger } = await appLoggingAt('info');
    await app.inject({ url: '/api/fail' });
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ msg: 'request failed', res: { statusCode: 503 } }));
  });

  it('writes nothing for a success unless the level is debug', async () => {
    const quiet = await appLoggingAt('info');
    await quiet.app.inject({ url: '/api/ok' });
    expect([quiet.logger.debug, quiet.logger.warn, quiet.logger.error].map((fn) => fn.mock.calls.length)).toEqual([0, 0, 0]);
    const chatty = await appLoggingAt('debug');
    await chatty.app.inject({ url: '/api/ok' });
    expect(chatty.logger.debug).toHaveBeenCalledWith(expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } }));
  });

  it('leaves health probes out, whatever they answer', async () => {
    const { app, logger } = await appLoggingAt('debug');
    await app.inject({ url: '/api/health/ready' });
    expect([logger.debug, logger.warn, logger.error].map((fn) => fn.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it("logs the caller's x-request-id as clientRequestId beside the gateway's own id, never in its place", async () => {
    const { app, logger } = await appLoggingAt('info');
    await app.inject({ url: '/api/fail', headers: { 'x-request-id': 'lb-7f3a:0001' } });
    const line = logger.error.mock.calls[0]![0];
    expect(line.clientRequestId).toBe('lb-7f3a:0001');
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // An ill-formed or overlong one is left out.
    await app.inject({ url: '/api/fail', headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(logger.error.mock.calls[1]![0]).not.toHaveProperty('clientRequestId');
  });
});
