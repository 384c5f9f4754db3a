import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  sessionResponseSchema,
  signInSchema,
  signUpSchema,
  toSessionResponse,
  type SessionResponse,
  type SignInInput,
  type SignUpInput,
} from '@fluent/contracts';
import { PasswordRoute } from '../common/rate-limit/password-routes';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { RequestId } from '../http/request-id';
import { config } from '../config';
import { AuthSessions } from './auth-sessions.service';
import { Public } from './public.decorator';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';
import { ApiDoc, RATE, sessionCookieSet } from '../openapi/route-doc';
import { perAddressLimit } from '../common/rate-limit/address-limits';

/** Google sign-in's start and callback: as many per minute and address as password checks, counted locally. */
export const authLimit = { default: { limit: perAddressLimit(config.AUTH_RATE_LIMIT), ttl: 60_000 } };
/** Session refresh: every page load and tab does one; not a password guess, so far looser. */
const sessionLimit = { default: { limit: perAddressLimit(config.SESSION_RATE_LIMIT), ttl: 60_000 } };

/**
 * Sessions. The browser gets the short-lived access token in the body and nothing else; the
 * refresh token goes into the httpOnly session cookie and is rotated on every refresh. Sign-in and
 * sign-up are password routes: counted exactly in the shared store, per client address.
 */
@Controller('api/auth')
export class AuthController {
  constructor(private readonly sessions: AuthSessions) {}

  @Public()
  @PasswordRoute()
  @Post('signup')
  @ApiDoc({
    operationId: 'signUp',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    description: 'A retry with the same email and password finishes a sign-up that was cut short.',
    access: 'public',
    body: signUpSchema,
    callsService: true,
    rateLimit: RATE.password,
    responses: {
      201: { description: 'Signed up and signed in: the access token; the refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      409: { description: 'An account with this email already exists' },
      503: { description: 'Sign-in is unavailable for a moment (Keycloak, or the shared rate-limit store, is away)' },
    },
  })
  @HttpCode(HttpStatus.CREATED)
  async signUp(
    @Body(new ZodValidationPipe(signUpSchema)) body: SignUpInput,
    @Res({ passthrough: true }) response: FastifyReply,
    @RequestId() requestId?: string,
  ): Promise<SessionResponse> {
    const tokens = await this.sessions.signUp(body, requestId);
    setSessionCookie(response, tokens);
    return toSessionResponse(tokens);
  }

  @Public()
  @PasswordRoute()
  @Post('login')
  @ApiDoc({
    operationId: 'signIn',
    tag: 'Auth',
    summary: 'Sign in with email and password',
    access: 'public',
    body: signInSchema,
    callsService: true,
    rateLimit: RATE.password,
    responses: {
      200: { description: 'Signed in: the access token; the refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      401: { description: 'Invalid email or password' },
      429: { description: 'Too many sign-ins from this address, or too many refused passwords for this account' },
      503: { description: 'Sign-in is unavailable for a moment' },
    },
  })
  @HttpCode(HttpStatus.OK)
  async login(
    @Body(new ZodValidationPipe(signInSchema)) body: SignInInput,
    @Res({ passthrough: true }) response: FastifyReply,
    @RequestId() requestId?: string,
  ): Promise<SessionResponse> {
    const tokens = await this.sessions.signIn(body, requestId);
    setSessionCookie(response, tokens);
    return toSessionResponse(tokens);
  }

  /**
   * Restores or extends the session of this browser from its cookie (reload, new tab, an access
   * token about to expire). The cookie is cleared only when Keycloak really refused the refresh
   * token; while NATS, auth-service or Keycloak are away the answer is 503 and the cookie stays,
   * so a short outage signs nobody out.
   *
   * A browser without the cookie is a signed-out visitor, which is an answer, not an error: 204
   * and no body (every public page asks, and a 401 there is an error in every visitor's console).
   */
  @Public()
  @Throttle(sessionLimit)
  @Post('session')
  @ApiDoc({
    operationId: 'restoreSession',
    tag: 'Auth',
    summary: "Restore or extend the browser's session from its cookie (every page load)",
    description: 'Rotates the refresh token. Without the cookie: 204 (a signed-out visitor). The cookie is cleared only when Keycloak refused it (401).',
    access: 'session',
    callsService: true,
    rateLimit: RATE.session,
    responses: {
      200: { description: 'A new access token; the rotated refresh token is in the cookie', schema: sessionResponseSchema, headers: sessionCookieSet },
      204: { description: 'No session cookie: a signed-out visitor' },
      401: { description: 'The cookie holds no live session; it is cleared', headers: { 'Set-Cookie': 'Clears the session cookie' } },
      503: { description: 'Sign-in is unavailable for a moment; the cookie stays', headers: { 'Retry-After': 'Seconds to wait (2)' } },
    },
  })
  @HttpCode(HttpStatus.OK)
  async session(@Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<SessionResponse | undefined> {
    const refreshToken = readSessionCookie(request);
    if (!refreshToken) {
      response.status(HttpStatus.NO_CONTENT);
      return undefined;
    }
    const refreshed = await this.sessions.refresh(refreshToken, request.id);
    switch (refreshed.outcome) {
      case 'ended':
        clearSessionCookie(response);
        throw refreshed.error;
      case 'unavailable':
        response.header('Retry-After', '2');
        throw refreshed.error;
      case 'refreshed':
        setSessionCookie(response, refreshed.tokens);
        return toSessionResponse(refreshed.tokens);
    }
  }

  /**
   * Ends the Keycloak session (for a Google sign-in also the SSO session in Keycloak, so the next
   * "Continue with Google" on a shared computer asks again) and forgets the cookie. If Keycloak
   * cannot be reached the cookie stays and the error is reported, so the learner can try again.
   */
  @Public()
  @Post('logout')
  @ApiDoc({
    operationId: 'signOut',
    tag: 'Auth',
    summary: 'Sign out: end the Keycloak session and clear the cookie',
    description: 'If Keycloak cannot be reached the cookie stays (503), so sign-out can be tried again.',
    access: 'session',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 204: { description: 'Signed out', headers: { 'Set-Cookie': 'Clears the session cookie' } } },
  })
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<void> {
    const refreshToken = readSessionCookie(request);
    if (refreshToken) await this.sessions.signOut(refreshToken, request.id);
    clearSessionCookie(response);
  }
}
