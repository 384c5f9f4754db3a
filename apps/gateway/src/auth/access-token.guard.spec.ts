import { HttpException, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { AuthenticatedUser } from '@fluent/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessTokenGuard } from './access-token.guard';
import { TokenInvalidError, VerificationUnavailableError, type KeycloakAccessTokenVerifier } from './access-token-verifier';
import type { AuthenticatedRequest } from './current-user.decorator';
import { Public } from './public.decorator';

class PrivateController {
  handler(): void {}
  @Public()
  openHandler(): void {}
}

@Public()
class PublicController {
  handler(): void {}
}

type FakeRequest = { headers: Record<string, string> } & AuthenticatedRequest;

function contextFor(request: FakeRequest, controller: new () => object = PrivateController, handler = 'handler') {
  const method = (controller.prototype as Record<string, () => void>)[handler]!;
  return new ExecutionContextHost([request, {}, () => undefined], controller as never, method);
}

/** The HTTP status and body the guard refused with; fails when it let the request through. */
async function refusalOf(promise: Promise<boolean>): Promise<{ status: number; body: unknown }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected an HTTP refusal, got ${error === undefined ? 'access' : String(error)}`);
  return { status: error.getStatus(), body: error.getResponse() };
}

describe('AccessTokenGuard', () => {
  const user: AuthenticatedUser = { uid: 'user-1', email: 'a@b.co' };
  const verify = vi.fn<(token: string) => Promise<AuthenticatedUser>>();
  const guard = new AccessTokenGuard(new Reflector(), { verify } as unknown as KeycloakAccessTokenVerifier);

  beforeEach(() => {
    verify.mockReset();
    vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lets a valid token through and puts the caller on the request', async () => {
    verify.mockResolvedValue(user);
    const request: FakeRequest = { headers: { authorization: 'Bearer good.token.here' } };
    await expect(guard.canActivate(contextFor(request))).resolves.toBe(true);
    expect(verify).toHaveBeenCalledWith('good.token.here');
    expect(request.user).toEqual(user);
  });

  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a token', { authorization: 'Bearer ' }],
  ])('answers %s with 401 "Sign in to continue."', async (_case, headers) => {
    expect(await refusalOf(guard.canActivate(contextFor({ headers })))).toEqual({
      status: 401,
      body: { statusCode: 401, message: 'Sign in to continue.' },
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it('answers a token the verifier refuses with 401', async () => {
    verify.mockRejectedValue(new TokenInvalidError('expiry', '"exp" claim timestamp check failed'));
    const request: FakeRequest = { headers: { authorization: 'Bearer expired.token.here' } };
    expect(await refusalOf(guard.canActivate(contextFor(request)))).toEqual({
      status: 401,
      body: { statusCode: 401, message: 'Your session is not valid. Please sign in again.' },
    });
    expect(request.user).toBeUndefined();
  });

  it('answers 503 with a JSON message, not 401, when the token cannot be verified now', async () => {
    verify.mockRejectedValue(new VerificationUnavailableError('the signing keys have not been obtained yet'));
    const request: FakeRequest = { headers: { authorization: 'Bearer some.token.here' } };
    expect(await refusalOf(guard.canActivate(contextFor(request)))).toEqual({
      status: 503,
      body: { statusCode: 503, message: 'Sign-in cannot be checked right now. Please try again in a moment.' },
    });
    expect(request.user).toBeUndefined();
  });

  it('answers an unexpected verifier failure with 401, not a 500', async () => {
    verify.mockRejectedValue(new Error('boom'));
    expect((await refusalOf(guard.canActivate(contextFor({ headers: { authorization: 'Bearer x.y.z' } })))).status).toBe(401);
  });

  it.each([
    ['a @Public() handler', PrivateController, 'openHandler'],
    ['a handler of a @Public() controller', PublicController, 'handler'],
  ])('lets %s through without looking at any token', async (_case, controller, handler) => {
    await expect(guard.canActivate(contextFor({ headers: {} }, controller, handler))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor({ headers: { authorization: 'Bearer junk' } }, controller, handler))).resolves.toBe(true);
    expect(verify).not.toHaveBeenCalled();
  });
});
