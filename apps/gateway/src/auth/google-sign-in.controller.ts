import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Controller, Get, HttpException, Query, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthMessages, safeReturnPath, SITE_PAGES, type GoogleSignInErrorCode } from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { config } from '../config';
import { authLimit } from './auth.controller';
import { Public } from './public.decorator';
import { setPendingGoogleSignIn, setSessionCookie, takePendingGoogleSignIn } from './session-cookie';
import { ApiDoc, RATE } from '../openapi/route-doc';

const CALLBACK_PATH = '/api/auth/google/callback';

const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * "Sign in with Google": an OpenID Connect authorization-code flow run by the gateway, with PKCE,
 * state and nonce. Keycloak brokers the `google` identity provider (kc_idp_hint). The code is
 * exchanged server-side by auth-service, which holds the client secret, and the refresh token goes
 * straight into the session cookie, as for a password sign-in: the page never holds a refresh
 * token, a reload restores a Google session like any other, and Sign Out ends it in Keycloak.
 */
@Controller('api/auth/google')
export class GoogleSignInController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Throttle(authLimit)
  @Get()
  @ApiDoc({
    operationId: 'googleSignInStart',
    tag: 'Auth',
    summary: 'Start "Sign in with Google" (a redirect to Keycloak, which brokers Google)',
    access: 'public',
    query: z.object({ returnTo: z.string().max(512).optional(), from: z.string().max(20).optional() }),
    callsService: false,
    rateLimit: RATE.google,
    responses: {
      302: {
        description: "To Keycloak's authorization endpoint, with PKCE, state and nonce",
        headers: { Location: "Keycloak's authorization URL", 'Set-Cookie': 'The pending sign-in (state, nonce, verifier), httpOnly, SameSite=Lax' },
      },
    },
  })
  start(@Req() request: FastifyRequest, @Res() response: FastifyReply, @Query('returnTo') returnTo?: string, @Query('from') from?: string): void {
    const pending = {
      state: randomToken(),
      nonce: randomToken(),
      verifier: randomToken(48),
      returnTo: safeReturnPath(returnTo),
      from: from === SITE_PAGES.login ? SITE_PAGES.login : SITE_PAGES.home,
    };
    setPendingGoogleSignIn(response, pending);
    const authorize = new URL(`${config.KEYCLOAK_PUBLIC_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/auth`);
    authorize.search = new URLSearchParams({
      client_id: config.KEYCLOAK_WEB_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: callbackUrl(request),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      kc_idp_hint: 'google',
    }).toString();
    void response.redirect(authorize.toString(), 302);
  }

  @Public()
  @Throttle(authLimit)
  @Get('callback')
  @ApiDoc({
    operationId: 'googleSignInCallback',
    tag: 'Auth',
    summary: 'Where Keycloak returns after Google: the code is exchanged, the session cookie set',
    access: 'public',
    query: z.object({ state: z.string().max(512).optional(), code: z.string().max(4096).optional(), error: z.string().max(200).optional() }),
    callsService: true,
    rateLimit: RATE.google,
    responses: {
      302: {
        description: 'Signed in: to the page that started the sign-in; on any failure to / or /login with `?google_error=<code>`',
        headers: { Location: 'Where the browser goes next', 'Set-Cookie': 'The session cookie, on success' },
      },
    },
  })
  async callback(@Req() request: FastifyRequest, @Res() response: FastifyReply, @Query() query: Record<string, unknown>): Promise<void> {
    const pending = takePendingGoogleSignIn(request, response);
    const fail = (code: GoogleSignInErrorCode) => {
      const from = pending?.from === SITE_PAGES.home ? SITE_PAGES.home : SITE_PAGES.login;
      void response.redirect(`${from}?google_error=${code}`, 302);
    };
    if (!pending || typeof query.state !== 'string' || !sameText(query.state, pending.state)) return fail('not_verified');
    if (typeof query.error === 'string') return fail(query.error === 'access_denied' ? 'access_denied' : 'failed');
    if (typeof query.code !== 'string' || query.code.length === 0) return fail('not_verified');
    try {
      const tokens = await this.rpc.send(AuthMessages.exchangeGoogleCode, {
        code: query.code,
        codeVerifier: pending.verifier,
        redirectUri: callbackUrl(request),
        nonce: pending.nonce,
      }, { requestId: request.id });
      setSessionCookie(response, tokens);
      // Checked again here: the cookie came back from the browser.
      void response.redirect(safeReturnPath(pending.returnTo), 302);
    } catch (error) {
      const status = error instanceof HttpException ? error.getStatus() : 500;
      fail(status === 401 ? 'expired' : status >= 500 ? 'unavailable' : 'failed');
    }
  }
}

/** Keycloak checks it against the client's registered redirect URIs, so a forged Host gets nowhere. */
function callbackUrl(request: FastifyRequest): string {
  const origin = config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host || `${config.GATEWAY_HOST}:${config.GATEWAY_PORT}`}`;
  return `${origin.replace(/\/$/, '')}${CALLBACK_PATH}`;
}
