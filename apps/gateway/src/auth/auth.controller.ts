import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInSchema, signUpSchema, toSessionResponse, type SessionResponse, type SignInInput, type SignUpInput } from '@fluent/contracts';
import { PasswordRoute } from '../common/rate-limit/password-routes';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { RequestId } from '../http/request-id';
import { config } from '../config';
import { AuthSessions } from './auth-sessions.service';
import { Public } from './public.decorator';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';

/** Google sign-in's start and callback: as many per minute and address as password checks, counted locally. */
export const authLimit = { default: { limit: config.AUTH_RATE_LIMIT, ttl: 60_000 } };
/** Session refresh: every page load and tab does one; not a password guess, so far looser. */
const sessionLimit = { default: { limit: config.SESSION_RATE_LIMIT, ttl: 60_000 } };

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
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<void> {
    const refreshToken = readSessionCookie(request);
    if (refreshToken) await this.sessions.signOut(refreshToken, request.id);
    clearSessionCookie(response);
  }
}
