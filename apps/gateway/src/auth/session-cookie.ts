import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionTokens } from '@fluent/contracts';
import { config } from '../config';

/**
 * The refresh token lives only in this httpOnly, SameSite=Strict cookie scoped to /api/auth: page
 * scripts never see it (one XSS cannot carry the session away), and a reload or a new tab
 * restores the session through POST /api/auth/session, which rotates it.
 */
export const SESSION_COOKIE = 'fluent_session';
const SESSION_PATH = '/api/auth';

const base = (): CookieSerializeOptions => ({ httpOnly: true, secure: config.SESSION_COOKIE_SECURE });

export function setSessionCookie(response: FastifyReply, tokens: SessionTokens): void {
  response.setCookie(SESSION_COOKIE, tokens.refreshToken, {
    ...base(),
    sameSite: 'strict',
    path: SESSION_PATH,
    maxAge: Math.max(tokens.refreshExpiresIn, 60), // seconds
  });
}

export function clearSessionCookie(response: FastifyReply): void {
  response.clearCookie(SESSION_COOKIE, { ...base(), sameSite: 'strict', path: SESSION_PATH });
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

/**
 * A Google sign-in in progress: the state, nonce and PKCE verifier of the authorization request,
 * and where to go afterwards. SameSite=Lax, because the browser comes back to the callback from
 * Keycloak (after Google), a cross-site navigation that would not carry a Strict cookie.
 */
export interface PendingGoogleSignIn {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  /** The page that started it (/ or /login), where a failure is shown. */
  from: string;
}

export const GOOGLE_COOKIE = 'fluent_google';
const GOOGLE_PATH = '/api/auth/google';

export function setPendingGoogleSignIn(response: FastifyReply, pending: PendingGoogleSignIn): void {
  response.setCookie(GOOGLE_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
    ...base(),
    sameSite: 'lax',
    path: GOOGLE_PATH,
    maxAge: 10 * 60, // seconds
  });
}

export function takePendingGoogleSignIn(request: FastifyRequest, response: FastifyReply): PendingGoogleSignIn | undefined {
  const value = readCookie(request, GOOGLE_COOKIE);
  response.clearCookie(GOOGLE_COOKIE, { ...base(), sameSite: 'lax', path: GOOGLE_PATH });
  if (!value) return undefined;
  try {
    const pending = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PendingGoogleSignIn>;
    const fields = [pending.state, pending.nonce, pending.verifier, pending.returnTo, pending.from];
    return fields.every((f) => typeof f === 'string' && f.length > 0) ? (pending as PendingGoogleSignIn) : undefined;
  } catch {
    return undefined;
  }
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = (request.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
