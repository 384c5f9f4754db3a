import { randomUUID } from 'node:crypto';
import { api } from './stack';

export const uniqueEmail = (label = 'learner') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'correct-horse-9';

export async function signUp(email = uniqueEmail(), mobileNumber = '0123456789') {
  const response = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, mobileNumber, password: PASSWORD }) });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, tokens: response.body as { accessToken: string; refreshToken: string } };
}

export async function signIn(email: string, password = PASSWORD) {
  return api('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
