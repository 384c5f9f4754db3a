import { Body, Controller, HttpCode, HttpException, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthPatterns,
  IDENTITY_UNAVAILABLE_MESSAGE,
  signInSchema,
  signUpSchema,
  toSessionResponse,
  type SessionResponse,
  type SessionTokens,
  type SignInInput,
  type SignUpInput,
} from '@fluent/contracts';
import { RpcClient } from '../common/rpc/rpc.client';
import { PasswordRoute } from '../common/rate-limit/password-routes';
import { SignInAttempts } from '../common/rate-limit/sign-in-attempts';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { RequestId } from '../http/request-id';
import { config } from '../config';
import { Public } from './public.decorator';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';

/** Google sign-in's start and callback: as many per minute and address as password checks, counted locally. */
export const authLimit = { default: { limit: config.AUTH_RATE_LIMIT, ttl: 60_000 } };
/** Session refresh: every page load and tab does one; not a password guess, so far looser. */
const sessionLimit = { default: { limit: config.SESSION_RATE_LIMIT, ttl: 60_000 } };

const isStatus = (error: unknown, status: number) => error instanceof HttpException && error.getStatus() === status;

/**
 * Sessions. The browser gets the short-lived access token in the body and nothing else; the
 * refresh token goes into the httpOnly session cookie and is rotated on every refresh. Sign-in and
 * sign-up are password routes: counted exactly in the shared store, per client address.
 */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly attempts: SignInAttempts,
  ) {}

  @Public()
  @PasswordRoute()
  @Post('signup')
  @HttpCode(HttpStatus.CREATED)
  async signUp(
    @Body(new ZodValidationPipe(signUpSchema)) body: SignUpInput,
    @Res({ passthrough: true }) response: FastifyReply,
    @RequestId() requestId?: string,
  ): Promise<SessionResponse> {
    // A sign-up for an existing email checks its password (to finish a half-done sign-up): count it.
    const tokens = await this.withPasswordCheck(body.email, HttpStatus.CONFLICT, () => this.rpc.send<SessionTokens>(AuthPatterns.signUp, body, { requestId }));
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
    const tokens = await this.withPasswordCheck(body.email, HttpStatus.UNAUTHORIZED, () => this.rpc.send<SessionTokens>(AuthPatterns.signIn, body, { requestId }));
    setSessionCookie(response, tokens);
    return toSessionResponse(tokens);
  }

  /**
   * Runs a call that checks a password, counted against the account first (see SignInAttempts).
   * Only a refusal (`refusedStatus`) stays counted; success and outages give the attempt back.
   */
  private async withPasswordCheck<T>(email: string, refusedStatus: number, call: () => Promise<T>): Promise<T> {
    const attempt = await this.attempts.reserve(email);
    try {
      const result = await call();
      await attempt.release();
      return result;
    } catch (error) {
      if (!isStatus(error, refusedStatus)) await attempt.release();
      throw error;
    }
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
    let tokens: SessionTokens;
    try {
      tokens = await this.rpc.send<SessionTokens>(AuthPatterns.refresh, { refreshToken }, { requestId: request.id });
    } catch (error) {
      if (isStatus(error, HttpStatus.UNAUTHORIZED)) {
        clearSessionCookie(response);
        throw error;
      }
      response.header('Retry-After', '2');
      throw new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: IDENTITY_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    setSessionCookie(response, tokens);
    return toSessionResponse(tokens);
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
    if (refreshToken) await this.rpc.send(AuthPatterns.signOut, { refreshToken }, { requestId: request.id });
    clearSessionCookie(response);
  }
}
