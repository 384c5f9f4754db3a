import { expect } from 'vitest';
import { findKeycloakUser, grantRealmRole } from './keycloak';
import { signIn, signUp, uniqueEmail } from './users';

/** A new learner given the realm's operator role, signed in after the grant so the token carries it. */
export async function signedInOperator(): Promise<string> {
  const email = uniqueEmail('operator');
  await signUp(email);
  await grantRealmRole((await findKeycloakUser(email))!.id, 'operator');
  const signedIn = await signIn(email);
  expect(signedIn.status).toBe(200);
  return signedIn.body.accessToken as string;
}
