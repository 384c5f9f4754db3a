import { Controller, Get, HttpException, Module, Post, type ArgumentsHost } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA, FILTER_CATCH_EXCEPTIONS } from '@nestjs/common/constants';
import { APP_FILTER, NestFactory, type AbstractHttpAdapter } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarkedRetrySafeTimeoutsFilter, RetrySafe, RetrySafeTimeoutsFilter, RETRY_SAFE_TIMEOUT_MESSAGE } from './retry-safe';
import { RpcTimeoutException } from './rpc-timeout';

class Routes {
  @RetrySafe()
  submit(): void {}
  pay(): void {}
}

/** The status and body a failed request by `method` is answered with once through `Filter`. */
function answerOf(Filter: typeof RetrySafeTimeoutsFilter, method: string, error: RpcTimeoutException): { status: number; body: unknown } {
  const answers: { status: number; body: unknown }[] = [];
  const adapter = { isHeadersSent: () => false, reply: (_res: unknown, body: unknown, status: number) => answers.push({ status, body }) } as unknown as AbstractHttpAdapter;
  const request = { method };
  const host = { switchToHttp: () => ({ getRequest: () => request }), getArgByIndex: (i: number) => [request, {}][i] } as unknown as ArgumentsHost;
  new Filter(adapter).catch(error, host);
  expect(answers).toHaveLength(1);
  return answers[0];
}

describe('RetrySafeTimeoutsFilter (every route)', () => {
  it('turns a NATS timeout of a GET into a 503 the client may retry', () => {
    expect(answerOf(RetrySafeTimeoutsFilter, 'GET', new RpcTimeoutException())).toEqual({ status: 503, body: { statusCode: 503, message: RETRY_SAFE_TIMEOUT_MESSAGE } });
  });

  it('keeps the 504 of a write that is not marked safe to repeat', () => {
    const { status, body } = answerOf(RetrySafeTimeoutsFilter, 'POST', new RpcTimeoutException());
    expect(status).toBe(504);
    expect(body).toEqual(new RpcTimeoutException().getResponse());
  });
});

describe('@RetrySafe()', () => {
  it('gives the route the filter that answers 503 for a write too (the submission, by its id)', () => {
    expect(Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, Routes.prototype.submit)).toEqual([MarkedRetrySafeTimeoutsFilter]);
    expect(Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, Routes.prototype.pay)).toBeUndefined();
    expect(answerOf(MarkedRetrySafeTimeoutsFilter, 'POST', new RpcTimeoutException())).toEqual({ status: 503, body: { statusCode: 503, message: RETRY_SAFE_TIMEOUT_MESSAGE } });
  });

  it('catches only NATS timeouts: every other error goes on to Nest as it was', () => {
    // @Catch(RpcTimeoutException): Nest hands this filter nothing else.
    expect(Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, RetrySafeTimeoutsFilter)).toEqual([RpcTimeoutException]);
    expect(Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, MarkedRetrySafeTimeoutsFilter)).toEqual([RpcTimeoutException]);
  });
});

/** The filters as the gateway registers them (RpcModule's APP_FILTER, @RetrySafe() on a route), in a real Nest app on Fastify. */
describe('retry-safe timeouts in a Nest app', () => {
  @Controller('api')
  class TimingOut {
    @Get('read')
    read(): never {
      throw new RpcTimeoutException();
    }

    @Post('submit')
    @RetrySafe()
    submit(): never {
      throw new RpcTimeoutException();
    }

    @Post('pay')
    pay(): never {
      throw new RpcTimeoutException();
    }

    @Get('conflict')
    conflict(): never {
      throw new HttpException({ statusCode: 409, message: 'Taken' }, 409);
    }
  }

  @Module({ controllers: [TimingOut], providers: [{ provide: APP_FILTER, useClass: RetrySafeTimeoutsFilter }] })
  class TimingOutModule {}

  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(TimingOutModule, new FastifyAdapter(), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const answer = async (method: 'GET' | 'POST', url: string) => {
    const response = await app.getHttpAdapter().getInstance().inject({ method, url });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const retry = { status: 503, body: { statusCode: 503, message: RETRY_SAFE_TIMEOUT_MESSAGE } };

  it('answers a timed-out GET and a timed-out write marked @RetrySafe() with 503', async () => {
    expect(await answer('GET', '/api/read')).toEqual(retry);
    expect(await answer('POST', '/api/submit')).toEqual(retry);
  });

  it('keeps the 504 of an unmarked write and leaves other errors alone', async () => {
    expect(await answer('POST', '/api/pay')).toEqual({ status: 504, body: new RpcTimeoutException().getResponse() });
    expect(await answer('GET', '/api/conflict')).toEqual({ status: 409, body: { statusCode: 409, message: 'Taken' } });
  });
});
