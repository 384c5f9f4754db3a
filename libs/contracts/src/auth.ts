import { z } from 'zod';
import { MOBILE_NUMBER_HINT } from './auth-messages';

export const signUpSchema = z.object({
  mobileNumber: z.string().trim().regex(/^\d{10}$/, MOBILE_NUMBER_HINT),
  email: z.email('Enter a valid email address').max(254).transform((e) => e.toLowerCase()),
  // Keycloak's password policy (deploy/keycloak/realm.json: length(8)), in its own words, so the
  // published contract states it and a short password is refused before Keycloak is asked.
  password: z.string().min(8, 'Invalid password: minimum length 8.').max(128, 'Password must be at most 128 characters'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.email('Enter a valid email address').max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Password is required').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * Tokens from Keycloak for one session, issued to the confidential `fluent-web` client. They
 * travel only between auth-service and the gateway: the refresh token goes into the gateway's
 * httpOnly cookie and never reaches the browser (see SessionResponse).
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** Seconds until the refresh token expires. */
  refreshExpiresIn: number;
}

/** What sign-in, sign-up and the session endpoint answer the browser: the short-lived access token only. */
export interface SessionResponse {
  accessToken: string;
  /** Seconds until the access token expires; the SPA refreshes through the gateway before then. */
  expiresIn: number;
}

export const toSessionResponse = ({ accessToken, expiresIn }: SessionTokens): SessionResponse => ({ accessToken, expiresIn });

/**
 * The user document (collection `users`, keyed by the Keycloak user id), docs/product.md#what-is-stored. The three
 * creation paths write different subsets, so only the key is always there:
 * sign-up {uid, email, mobileNumber, hasPaid}; first social sign-in {email, name, hasPaid};
 * the dashboard, when none exists, {paidTests: false}. `uid` is always filled in the answer.
 */
export interface UserDocument {
  uid: string;
  email?: string;
  name?: string;
  hasPaid?: boolean;
  mobileNumber?: string;
  paidTests?: boolean;
  paymentDate?: string;
}

/** Who the gateway says is calling, from a verified access token. Services trust only this. */
export interface AuthenticatedUser {
  uid: string;
  email?: string;
  name?: string;
  /** The realm roles in the access token (`realm_access.roles`); the gateway checks them for operator routes. */
  roles?: string[];
}

/** How the user document is created on first contact (docs/product.md#what-is-stored: each way in writes its own part). */
export type EnsureUserPath = 'social-sign-in' | 'dashboard';

export interface EnsureUserRequest {
  user: AuthenticatedUser;
  path: EnsureUserPath;
}

export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/** GET /api/config: run-time settings of the web app. */
export interface PublicConfig {
  analytics: { measurementId?: string };
}

/**
 * Google sign-in runs as an authorization-code flow between the gateway and Keycloak (with PKCE,
 * state and nonce), so the refresh token never passes through the page. The gateway hands the code
 * to auth-service, which holds the client secret.
 */
export const googleExchangeSchema = z.object({
  code: z.string().min(1).max(4096),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.url(),
  nonce: z.string().min(16).max(128),
});
export type GoogleExchangeRequest = z.infer<typeof googleExchangeSchema>;

/** Where a Google sign-in may return to: a path of ours, never another site. */
export function safeReturnPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (value.length > 512 || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const IDENTITY_UNAVAILABLE_MESSAGE = 'The sign-in service is unavailable. Please try again shortly.';
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.';
