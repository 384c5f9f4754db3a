// A learner's session as the SPA keeps it (apps/web/src/lib/auth/auth-session.ts): the access
// token in memory, refreshed through POST /api/auth/session (which rotates the httpOnly cookie)
// 30 s before it expires. The refresh token never leaves the cookie jar.

/** The SPA refreshes this long before the access token expires. */
export const REFRESH_AHEAD_MS = 30000;

export function newSession() {
  return { token: undefined, lifetimeMs: 0 };
}

/** Takes the tokens of a sign-in, sign-up or refresh answer ({accessToken, expiresIn}). */
export function adopt(session, answer) {
  if (!answer || typeof answer.accessToken !== 'string' || typeof answer.expiresIn !== 'number') {
    throw new Error(`not a session answer: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  session.token = answer.accessToken;
  session.lifetimeMs = answer.expiresIn * 1000;
  return session;
}

/** How often the SPA refreshes this session while a page stays open (at least every 5 s, as the SPA). */
export const refreshPeriodMs = (session) => Math.max(5000, session.lifetimeMs - REFRESH_AHEAD_MS);
