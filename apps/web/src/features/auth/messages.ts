/** The authentication texts of docs/product.md#texts, in one place. */
export const AUTH_MESSAGES = {
  landingSignInFailed: 'Failed to sign in. Please check your credentials.',
  googleSignInFailed: 'Google Sign-In Failed: ',
  signUpSucceeded: 'Signup successful!',
} as const;
