import { defineMessage, patternsOf } from '../common/message';
import {
  ensureUserRequestSchema,
  googleExchangeSchema,
  refreshTokenRequestSchema,
  sessionTokensSchema,
  signedOutSchema,
  signInSchema,
  signUpSchema,
  userDocumentSchema,
} from './schemas';

/** auth-service's subjects (asked by the gateway only). */
export const AuthMessages = {
  signUp: defineMessage({ pattern: 'auth.signUp', request: signUpSchema, reply: sessionTokensSchema }),
  signIn: defineMessage({ pattern: 'auth.signIn', request: signInSchema, reply: sessionTokensSchema }),
  refresh: defineMessage({ pattern: 'auth.refresh', request: refreshTokenRequestSchema, reply: sessionTokensSchema }),
  signOut: defineMessage({ pattern: 'auth.signOut', request: refreshTokenRequestSchema, reply: signedOutSchema }),
  exchangeGoogleCode: defineMessage({ pattern: 'auth.google.exchange', request: googleExchangeSchema, reply: sessionTokensSchema }),
  /** The caller's user document, created on first contact. */
  ensureUser: defineMessage({ pattern: 'auth.ensureUser', request: ensureUserRequestSchema, reply: userDocumentSchema }),
} as const;

export const AuthPatterns = patternsOf(AuthMessages);
