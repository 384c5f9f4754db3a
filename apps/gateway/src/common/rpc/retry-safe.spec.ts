import type { ArgumentsHost } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA, FILTER_CATCH_EXCEPTIONS } from '@nestjs/common/constants';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
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
