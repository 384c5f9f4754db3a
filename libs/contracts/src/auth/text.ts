// Texts of sign-in and sign-up the pages show. Apart from the schemas in schemas.ts, so that a page
// showing one of them does not load the validation library with it.

export const MOBILE_NUMBER_HINT = 'Mobile number should be 10 digits';

/**
 * Why a Google sign-in failed, as the gateway reports it to the page that started it
 * (`?google_error=<code>`). Only codes travel in the address, so a link cannot put words of its
 * own on our page; the page shows the message for the code after 'Google Sign-In Failed: '.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  access_denied: 'Access was denied.',
  not_verified: 'The sign-in could not be verified. Please try again.',
  expired: 'The sign-in took too long or was already used. Please try again.',
  unavailable: 'The sign-in service is unavailable. Please try again shortly.',
  failed: 'The sign-in did not complete. Please try again.',
} as const;
export type GoogleSignInErrorCode = keyof typeof GOOGLE_SIGN_IN_ERRORS;

export function googleSignInErrorMessage(code: string): string {
  return Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code) ? GOOGLE_SIGN_IN_ERRORS[code as GoogleSignInErrorCode] : GOOGLE_SIGN_IN_ERRORS.failed;
}

export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const IDENTITY_UNAVAILABLE_MESSAGE = 'The sign-in service is unavailable. Please try again shortly.';
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.';
