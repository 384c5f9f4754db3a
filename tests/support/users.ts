import { randomUUID } from 'node:crypto';
import { api, gatewayUrl } from './stack';

export const uniqueEmail = (label = 'learner') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'correct-horse-9';

export async function signUp(email = uniqueEmail(), mobileNumber = '0123456789') {
  const response = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, mobileNumber, password: PASSWORD }) });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, tokens: response.body as { accessToken: string; expiresIn: number } };
}

export async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return api('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email, password }) });
}

/** Signs in and returns the session cookie ("fluent_session=…") the gateway set. */
export async function signInForCookie(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return sessionCookieOf(response)!;
}

/** The "fluent_session=…" pair of a response's Set-Cookie, if it set one. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fluent_session='));
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A sign-up tried again while a busy Keycloak answers 503/504 (a cold JVM on a loaded machine):
 * for tests whose subject is not sign-up.
 */
export async function signUpPatiently(tries = 5, pauseMs = 3_000): Promise<Awaited<ReturnType<typeof signUp>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signUp();
    } catch (error) {
      if (attempt === tries || !/sign-up failed: 50[34]/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
