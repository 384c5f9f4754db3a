import { HttpException } from '@nestjs/common';
import { ACCOUNT_LOCKED_MESSAGE } from '@fluent/contracts';
import { describe, expect, it } from 'vitest';
import { config } from '../../config';
import { contendedKv, memoryKv, unreachableKv } from './kv.testing';
import { RATE_LIMIT_UNAVAILABLE_MESSAGE } from './rate-limit-storage';
import { SignInAttempts } from './sign-in-attempts';

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => ({ status: (error as HttpException).getStatus(), body: (error as HttpException).getResponse() }),
  );

describe('SignInAttempts (password checks per account, shared by every replica)', () => {
  it('locks the account after AUTH_ACCOUNT_FAILURE_LIMIT wrong passwords, and a right one gives its check back', async () => {
    const attempts = new SignInAttempts(memoryKv().kv);
    const right = await attempts.reserve('Ana@Example.com');
    await right.release();
    for (let i = 0; i < config.AUTH_ACCOUNT_FAILURE_LIMIT; i++) await attempts.reserve('ana@example.com');
    expect(await refusalOf(attempts.reserve(' ana@example.com '))).toEqual({ status: 429, body: { statusCode: 429, message: ACCOUNT_LOCKED_MESSAGE } });
    expect(await refusalOf(attempts.reserve('bea@example.com'))).toBeUndefined();
  });

  it.each([
    ['cannot be reached', unreachableKv],
    ['is too contended to count', contendedKv],
  ])('fails closed with 503, never "locked", when the store %s', async (_name, kv) => {
    expect(await refusalOf(new SignInAttempts(kv()).reserve('ana@example.com'))).toEqual({
      status: 503,
      body: { statusCode: 503, message: RATE_LIMIT_UNAVAILABLE_MESSAGE },
    });
  });
});
