import { HttpException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RetrySafe, RetrySafeTimeoutsInterceptor, RETRY_SAFE_TIMEOUT_MESSAGE } from './retry-safe';
import { RpcTimeoutException } from './rpc-timeout';

class Routes {
  read(): void {}
  @RetrySafe()
  submit(): void {}
  pay(): void {}
}

const contextOf = (method: string, handler: () => void): ExecutionContext =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ method }) }),
  }) as unknown as ExecutionContext;

/** The HTTP status a route's failure becomes once through the interceptor. */
async function statusAfter(method: string, handler: () => void, error: Error): Promise<number> {
  const next: CallHandler = { handle: () => throwError(() => error) };
  const outcome = await lastValueFrom(new RetrySafeTimeoutsInterceptor(new Reflector()).intercept(contextOf(method, handler), next)).catch((e: unknown) => e);
  if (!(outcome instanceof HttpException)) throw new Error(`expected an HttpException, got ${String(outcome)}`);
  if (outcome.getStatus() === 503) expect(outcome.getResponse()).toEqual({ statusCode: 503, message: RETRY_SAFE_TIMEOUT_MESSAGE });
  return outcome.getStatus();
}

describe('RetrySafeTimeoutsInterceptor', () => {
  it('turns a NATS timeout of a GET into a 503 the client may retry', async () => {
    expect(await statusAfter('GET', Routes.prototype.read, new RpcTimeoutException())).toBe(503);
  });

  it('does the same for a write marked @RetrySafe() (the submission, by its id)', async () => {
    expect(await statusAfter('POST', Routes.prototype.submit, new RpcTimeoutException())).toBe(503);
  });

  it('keeps the 504 of a write that is not safe to repeat', async () => {
    expect(await statusAfter('POST', Routes.prototype.pay, new RpcTimeoutException())).toBe(504);
  });

  it('leaves every other error as it was', async () => {
    expect(await statusAfter('GET', Routes.prototype.read, new HttpException('Conflict', 409))).toBe(409);
  });
});
