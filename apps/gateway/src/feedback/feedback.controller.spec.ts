import type { AddressInfo } from 'node:net';
import { Injectable, Module, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_PENDING_MESSAGE, FeedbackMessages } from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { FeedbackController } from './feedback.controller';

/** Stands in for the access-token guard: the caller is learner-1. */
@Injectable()
class SignedIn implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    context.switchToHttp().getRequest<{ user?: unknown }>().user = { uid: 'learner-1' };
    return true;
  }
}

describe('GET /api/attempts/:id/feedback over HTTP', () => {
  let app: NestFastifyApplication;
  let base: string;
  const send = vi.fn();

  beforeAll(async () => {
    @Module({ controllers: [FeedbackController], providers: [{ provide: RpcClient, useValue: { send } }, { provide: APP_GUARD, useClass: SignedIn }] })
    class FeedbackTestModule {}
    app = await NestFactory.create<NestFastifyApplication>(FeedbackTestModule, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, body: await response.json() };
  };

  it('answers 202 with the pending message while the feedback is prepared, asking for the caller’s own attempt', async () => {
    send.mockResolvedValueOnce({ status: 'pending', message: FEEDBACK_PENDING_MESSAGE });
    expect(await get('/api/attempts/abc/feedback')).toEqual({ status: 202, body: { status: 'pending', message: FEEDBACK_PENDING_MESSAGE } });
    expect(send).toHaveBeenLastCalledWith(FeedbackMessages.getFeedback, { uid: 'learner-1', attemptId: 'abc' }, { requestId: expect.any(String) });
  });

  it('answers 200 with the feedback once it is ready', async () => {
    send.mockResolvedValueOnce({ status: 'ready', feedback: { attemptId: 'abc' } });
    expect(await get('/api/attempts/abc/feedback')).toEqual({ status: 200, body: { status: 'ready', feedback: { attemptId: 'abc' } } });
  });

  it('asks for the caller’s trend only', async () => {
    send.mockResolvedValueOnce({ points: [] });
    expect(await get('/api/feedback/trend')).toEqual({ status: 200, body: { points: [] } });
    expect(send).toHaveBeenLastCalledWith(FeedbackMessages.skillTrend, { uid: 'learner-1' }, { requestId: expect.any(String) });
  });
});
