import { z } from 'zod';
import { MOBILE_NUMBER_HINT } from './text';
import { SITE_PAGES } from '../site/pages';

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

/** What the gateway sends to refresh or end a session: the refresh token from its cookie. */
export const refreshTokenRequestSchema = z.object({ refreshToken: z.string().min(1) });

/**
 * Tokens from Keycloak for one session, issued to the confidential `fluent-web` client. They
 * travel only between auth-service and the gateway: the refresh token goes into the gateway's
 * httpOnly cookie and never reaches the browser (see SessionResponse).
 */
export const sessionTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number(),
  /** Seconds until the refresh token expires. */
  refreshExpiresIn: z.number(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/** What sign-in, sign-up and the session endpoint answer the browser: the short-lived access token only. */
export const sessionResponseSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the access token expires; the SPA refreshes through the gateway before then. */
  expiresIn: z.number().int().positive(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const toSessionResponse = ({ accessToken, expiresIn }: SessionTokens): SessionResponse => ({ accessToken, expiresIn });

/** auth-service's answer to a sign-out. */
export const signedOutSchema = z.object({ signedOut: z.literal(true) });

/**
 * The user document (collection `users`, keyed by the Keycloak user id), docs/product.md#what-is-stored. The three
 * creation paths write different subsets, so only the key is always there:
 * sign-up {uid, email, mobileNumber, hasPaid}; first social sign-in {email, name, hasPaid};
 * the dashboard, when none exists, {paidTests: false}. `uid` is always filled in the answer.
 */
export const userDocumentSchema = z.object({
  uid: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  hasPaid: z.boolean().optional(),
  mobileNumber: z.string().optional(),
  paidTests: z.boolean().optional(),
  paymentDate: z.string().optional(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

/** Who the gateway says is calling, from a verified access token. Services trust only this. */
export interface AuthenticatedUser {
  uid: string;
  email?: string;
  name?: string;
  /** The realm roles in the access token (`realm_access.roles`); the gateway checks them for operator routes. */
  roles?: string[];
}

/** How the user document is created on first contact (docs/product.md#what-is-stored: each way in writes its own part). */
export const ENSURE_USER_PATHS = ['social-sign-in', 'dashboard'] as const;
export type EnsureUserPath = (typeof ENSURE_USER_PATHS)[number];

/** What auth-service is asked to find or create a user document with (the caller as the gateway verified it). */
export const ensureUserRequestSchema = z.object({
  user: z.object({ uid: z.string().min(1), email: z.string().optional(), name: z.string().optional() }),
  path: z.enum(ENSURE_USER_PATHS),
});
export type EnsureUserRequest = z.infer<typeof ensureUserRequestSchema>;

/** GET /api/config: run-time settings of the web app. */
export const publicConfigSchema = z.object({ analytics: z.object({ measurementId: z.string().optional() }) });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

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
export function safeReturnPath(value: unknown, fallback: string = SITE_PAGES.dashboard): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (value.length > 512 || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
