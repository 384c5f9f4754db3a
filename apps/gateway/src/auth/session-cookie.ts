import type { Request, Response } from 'express';
import type { SessionTokens } from '@fluent/contracts';
import { config } from '../config';

/**
 * The refresh token also lives in an httpOnly, SameSite=Strict cookie scoped to /api/auth, so a
 * reload or a new tab can restore the session (POST /api/auth/session) without the refresh token
 * ever being written to storage that page scripts can read.
 */
export const SESSION_COOKIE = 'fluent_session';
const COOKIE_PATH = '/api/auth';

export function setSessionCookie(response: Response, tokens: SessionTokens): void {
  response.cookie(SESSION_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.SESSION_COOKIE_SECURE,
    path: COOKIE_PATH,
    maxAge: Math.max(tokens.refreshExpiresIn, 60) * 1000,
  });
}

export function clearSessionCookie(response: Response): void {
  response.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: config.SESSION_COOKIE_SECURE, path: COOKIE_PATH });
}

export function readSessionCookie(request: Request): string | undefined {
  const value = (request.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
