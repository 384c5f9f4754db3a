// Keycloak's admin API for tests, through auth-service's service account (dev secret).
import { profile } from './stack';

export const keycloakUrl = `http://127.0.0.1:${profile.ports.keycloak}`;
const realmAdmin = `${keycloakUrl}/admin/realms/fluent`;

async function adminToken(): Promise<string> {
  const response = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'fluent-auth-service',
      client_secret: process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? 'fluent-auth-service-dev-secret',
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export async function findKeycloakUser(email: string): Promise<Record<string, any> | undefined> {
  const response = await fetch(`${realmAdmin}/users?exact=true&email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  const users = (await response.json()) as Record<string, any>[];
  return users[0];
}

/** A Keycloak account with no user document, as a Google (brokered) user would arrive. */
export async function createKeycloakOnlyUser(email: string, password: string, firstName: string, lastName: string): Promise<string> {
  const response = await fetch(`${realmAdmin}/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: email,
      email,
      firstName,
      lastName,
      enabled: true,
      emailVerified: true,
      attributes: { mobileNumber: ['5550001111'] },
      credentials: [{ type: 'password', value: password, temporary: false }],
    }),
  });
  if (response.status !== 201) throw new Error(`could not create ${email}: ${response.status} ${await response.text()}`);
  return response.headers.get('location')!.split('/').pop()!;
}
