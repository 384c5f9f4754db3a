import { z } from 'zod';

export const MOBILE_NUMBER_HINT = 'Mobile number should be 10 digits';

export const signUpSchema = z.object({
  mobileNumber: z.string().trim().regex(/^\d{10}$/, MOBILE_NUMBER_HINT),
  email: z.email('Enter a valid email address').max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.email('Enter a valid email address').max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Password is required').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Tokens from Keycloak, issued to the public `fluent-web` client (so keycloak-js can refresh them). */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** Seconds until the refresh token expires. */
  refreshExpiresIn: number;
}

/** The user document (collection `users`, keyed by the Keycloak user id), SPEC.md §3. */
export interface UserDocument {
  uid: string;
  email: string;
  name?: string;
  hasPaid: boolean;
  mobileNumber?: string;
  paidTests?: boolean;
  paymentDate?: string;
}

/** Who the gateway says is calling, from a verified access token. Services trust only this. */
export interface AuthenticatedUser {
  uid: string;
  email?: string;
  name?: string;
}

/** How the user document is created on first contact (SPEC.md §3, "different creation paths"). */
export type EnsureUserPath = 'social-sign-in' | 'dashboard';

export interface EnsureUserRequest {
  user: AuthenticatedUser;
  path: EnsureUserPath;
}

export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/** GET /api/config: run-time settings of the web app. */
export interface PublicConfig {
  keycloak: { url: string; realm: string; clientId: string };
  analytics: { measurementId?: string };
}
