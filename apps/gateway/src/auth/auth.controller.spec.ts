import { HttpException } from '@nestjs/common';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { RpcClient } from '../common/rpc/rpc.client';
import type { SignInAttempts } from '../common/rate-limit/sign-in-attempts';
import { AuthController } from './auth.controller';
import { AuthSessions } from './auth-sessions.service';

const tokens = { accessToken: 'access', refreshToken: 'refresh-2', expiresIn: 300, refreshExpiresIn: 43200 };

function setup(send: () => Promise<unknown>) {
  const rpc = { send: vi.fn(send) } as unknown as RpcClient;
  const release = vi.fn(async () => undefined);
  const attempts = { reserve: vi.fn(async () => ({ release })), release };
  const controller = new AuthController(new AuthSessions(rpc, attempts as unknown as SignInAttempts));
  const response = { setCookie: vi.fn(), clearCookie: vi.fn(), header: vi.fn(), status: vi.fn() };
  const request = { cookies: { fluent_session: 'refresh-1' } } as unknown as Request;
  return { controller, response, request, attempts, rpc };
}

const fail = (status: number, message = 'x') => () => Promise.reject(new HttpException({ statusCode: status, message }, status));

describe('AuthController', () => {
  it('answers the access token only and puts the rotated refresh token in the cookie', async () => {
    const { controller, response, request } = setup(async () => tokens);
    await expect(controller.session(request, response as unknown as Response)).resolves.toEqual({ accessToken: 'access', expiresIn: 300 });
    expect(response.setCookie).toHaveBeenCalledWith('fluent_session', 'refresh-2', expect.objectContaining({ httpOnly: true, sameSite: 'strict', path: '/api/auth' }));
  });

  it('answers a browser without a session cookie 204 with no body, asking nobody (a signed-out visitor)', async () => {
    const { controller, response, rpc } = setup(async () => tokens);
    await expect(controller.session({ cookies: {} } as unknown as Request, response as unknown as Response)).resolves.toBeUndefined();
    expect(response.status).toHaveBeenCalledWith(204);
    expect(rpc.send).not.toHaveBeenCalled();
    expect(response.setCookie).not.toHaveBeenCalled();
    expect(response.clearCookie).not.toHaveBeenCalled();
  });

  it('clears the cookie when Keycloak refused the refresh token (401)', async () => {
    const { controller, response, request } = setup(fail(401, 'Your session has ended. Please sign in again.'));
    await expect(controller.session(request, response as unknown as Response)).rejects.toMatchObject({ status: 401 });
    expect(response.clearCookie).toHaveBeenCalledWith('fluent_session', expect.objectContaining({ path: '/api/auth' }));
  });

  it.each([503, 504, 500])('keeps the cookie and answers 503 when the refresh failed with %i (an outage is not a sign-out)', async (status) => {
    const { controller, response, request } = setup(fail(status));
    const error = await controller.session(request, response as unknown as Response).catch((e: unknown) => e);
    expect((error as HttpException).getStatus()).toBe(503);
    expect((error as HttpException).getResponse()).toEqual({ statusCode: 503, message: 'The sign-in service is unavailable. Please try again shortly.' });
    expect(response.clearCookie).not.toHaveBeenCalled();
    expect(response.setCookie).not.toHaveBeenCalled();
    expect(response.header).toHaveBeenCalledWith('Retry-After', '2');
  });

  it('counts every password check before it is made, and keeps only the wrong ones', async () => {
    const failing = setup(fail(401, 'Invalid email or password.'));
    await expect(failing.controller.login({ email: 'a@b.co', password: 'x' }, failing.response as unknown as Response)).rejects.toMatchObject({ status: 401 });
    expect(failing.attempts.reserve).toHaveBeenCalledWith('a@b.co');
    expect(failing.attempts.release).not.toHaveBeenCalled();
    const right = setup(async () => tokens);
    await right.controller.login({ email: 'a@b.co', password: 'x' }, right.response as unknown as Response);
    expect(right.attempts.release).toHaveBeenCalledTimes(1);
    const down = setup(fail(503));
    await expect(down.controller.login({ email: 'a@b.co', password: 'x' }, down.response as unknown as Response)).rejects.toMatchObject({ status: 503 });
    expect(down.attempts.release).toHaveBeenCalledTimes(1);
  });

  it('counts a sign-up refused for an existing email (its password was checked) against that account', async () => {
    const taken = setup(fail(409, 'An account with this email already exists.'));
    const body = { email: 'a@b.co', password: 'x', mobileNumber: '0123456789' };
    await expect(taken.controller.signUp(body, taken.response as unknown as Response)).rejects.toMatchObject({ status: 409 });
    expect(taken.attempts.reserve).toHaveBeenCalledWith('a@b.co');
    expect(taken.attempts.release).not.toHaveBeenCalled();
  });

  it('asks nothing of Keycloak for an account that is locked', async () => {
    const { controller, response, attempts, rpc } = setup(async () => tokens);
    attempts.reserve.mockRejectedValueOnce(new HttpException({ statusCode: 429, message: 'locked' }, 429));
    await expect(controller.login({ email: 'a@b.co', password: 'x' }, response as unknown as Response)).rejects.toMatchObject({ status: 429 });
    expect(rpc.send).not.toHaveBeenCalled();
  });

  it('keeps the cookie when ending the Keycloak session failed, so sign-out can be tried again', async () => {
    const { controller, response, request } = setup(fail(503, 'Sign-out failed. Please try again.'));
    await expect(controller.logout(request, response as unknown as Response)).rejects.toMatchObject({ status: 503 });
    expect(response.clearCookie).not.toHaveBeenCalled();
  });
});
