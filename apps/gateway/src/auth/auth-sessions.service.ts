import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AuthMessages, IDENTITY_UNAVAILABLE_MESSAGE, type SessionTokens, type SignInInput, type SignUpInput } from '@fluent/contracts';
import { SignInAttempts } from '../common/rate-limit/sign-in-attempts';
import { RpcClient } from '../common/rpc/rpc.client';

const isStatus = (error: unknown, status: number) => error instanceof HttpException && error.getStatus() === status;

/** What restoring a session from its refresh token came to (the controller sets or clears the cookie). */
export type SessionRefresh =
  | { outcome: 'refreshed'; tokens: SessionTokens }
  /** Keycloak refused the refresh token: the session is over (the cookie goes), with auth-service's 401. */
  | { outcome: 'ended'; error: unknown }
  /** NATS, auth-service or Keycloak is away: 503 and the cookie stays, so a short outage signs nobody out. */
  | { outcome: 'unavailable'; error: HttpException };

/**
 * The gateway's side of sessions, over auth-service: sign-up and sign-in counted as password checks
 * against the account (SignInAttempts), a refresh told apart into ended and unavailable, sign-out.
 */
@Injectable()
export class AuthSessions {
  constructor(
    private readonly rpc: RpcClient,
    private readonly attempts: SignInAttempts,
  ) {}

  /** A sign-up for an existing email checks its password (to finish a half-done sign-up): it is counted. */
  signUp(body: SignUpInput, requestId?: string): Promise<SessionTokens> {
    return this.withPasswordCheck(body.email, HttpStatus.CONFLICT, () => this.rpc.send(AuthMessages.signUp, body, { requestId }));
  }

  signIn(body: SignInInput, requestId?: string): Promise<SessionTokens> {
    return this.withPasswordCheck(body.email, HttpStatus.UNAUTHORIZED, () => this.rpc.send(AuthMessages.signIn, body, { requestId }));
  }

  async refresh(refreshToken: string, requestId?: string): Promise<SessionRefresh> {
    try {
      return { outcome: 'refreshed', tokens: await this.rpc.send(AuthMessages.refresh, { refreshToken }, { requestId }) };
    } catch (error) {
      if (isStatus(error, HttpStatus.UNAUTHORIZED)) return { outcome: 'ended', error };
      return {
        outcome: 'unavailable',
        error: new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: IDENTITY_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE),
      };
    }
  }

  /** Ends the Keycloak session; rejects when it could not (the cookie then stays). */
  async signOut(refreshToken: string, requestId?: string): Promise<void> {
    await this.rpc.send(AuthMessages.signOut, { refreshToken }, { requestId });
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
}
