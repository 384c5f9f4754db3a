// Keycloak's admin API for tests, through auth-service's service account, with the secret the
// stack gave this profile (the same setting auth-service reads). Every call fails loudly on an
// unexpected status, so a broken admin call can never pass for "nothing was created".
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { profile } from './stack';

export const keycloakUrl = `http://127.0.0.1:${profile.ports.keycloak}`;
const realmAdmin = `${keycloakUrl}/admin/realms/fluent`;
const stackEnv = appEnvironment(profile);

async function expectStatus(response: Response, ok: number[], what: string): Promise<Response> {
  if (!ok.includes(response.status)) throw new Error(`${what}: Keycloak answered ${response.status} ${await response.text()}`);
  return response;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'fluent-auth-service',
      client_secret: stackEnv.KEYCLOAK_ADMIN_CLIENT_SECRET!,
    }),
  });
  await expectStatus(response, [200], 'admin token');
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * The local Keycloak's bootstrap administrator, for reading realm configuration (flows, clients,
 * identity providers) that auth-service's service account rightly cannot see.
 */
export async function bootstrapAdminToken(): Promise<string> {
  const response = await fetch(`${keycloakUrl}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: process.env.KC_BOOTSTRAP_ADMIN_USERNAME ?? 'admin',
      password: process.env.KC_BOOTSTRAP_ADMIN_PASSWORD ?? 'admin',
    }),
  });
  await expectStatus(response, [200], 'bootstrap admin token');
  return ((await response.json()) as { access_token: string }).access_token;
}

async function admin(path: string, init: RequestInit = {}, ok = [200], as: 'service' | 'bootstrap' = 'service'): Promise<Response> {
  const token = as === 'service' ? await adminToken() : await bootstrapAdminToken();
  const response = await fetch(`${realmAdmin}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return expectStatus(response, ok, `${init.method ?? 'GET'} ${path}`);
}

export async function findKeycloakUser(email: string): Promise<Record<string, any> | undefined> {
  const users = (await (await admin(`/users?exact=true&email=${encodeURIComponent(email)}`)).json()) as Record<string, any>[];
  return users[0];
}

/** A Keycloak account with no user document, as a Google (brokered) user, or a half-done sign-up, would leave it. */
export async function createKeycloakOnlyUser(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
  mobileNumber = '5550001111',
): Promise<string> {
  const response = await admin(
    '/users',
    {
      method: 'POST',
      body: JSON.stringify({
        username: email,
        email,
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
        enabled: true,
        emailVerified: true,
        attributes: { mobileNumber: [mobileNumber] },
        credentials: [{ type: 'password', value: password, temporary: false }],
      }),
    },
    [201],
  );
  return response.headers.get('location')!.split('/').pop()!;
}

/** The user's live Keycloak sessions (SSO sessions included). */
export async function keycloakSessions(uid: string): Promise<Record<string, any>[]> {
  return (await (await admin(`/users/${uid}/sessions`)).json()) as Record<string, any>[];
}

export async function identityProvider(alias: string): Promise<Record<string, any>> {
  return (await (await admin(`/identity-provider/instances/${alias}`, {}, [200], 'bootstrap')).json()) as Record<string, any>;
}

export async function flowExecutions(flowAlias: string): Promise<Record<string, any>[]> {
  return (await (await admin(`/authentication/flows/${encodeURIComponent(flowAlias)}/executions`, {}, [200], 'bootstrap')).json()) as Record<string, any>[];
}

export async function realmClient(clientId: string): Promise<Record<string, any>> {
  const clients = (await (await admin(`/clients?clientId=${encodeURIComponent(clientId)}`, {}, [200], 'bootstrap')).json()) as Record<string, any>[];
  if (!clients[0]) throw new Error(`no client ${clientId}`);
  return clients[0];
}

export async function realmSettings(): Promise<Record<string, any>> {
  return (await (await admin('', {}, [200], 'bootstrap')).json()) as Record<string, any>;
}

/**
 * Gives a user a realm role, as an administrator would in Keycloak's console. The bootstrap admin
 * does it: auth-service's service account manages users but must not hand out roles such as
 * `operator`. The user's next access token carries the role.
 */
export async function grantRealmRole(uid: string, roleName: string): Promise<void> {
  const role = (await (await admin(`/roles/${encodeURIComponent(roleName)}`, {}, [200], 'bootstrap')).json()) as Record<string, any>;
  await admin(`/users/${uid}/role-mappings/realm`, { method: 'POST', body: JSON.stringify([{ id: role.id, name: role.name }]) }, [204], 'bootstrap');
}

/** The realm roles a user holds directly. */
export async function realmRolesOf(uid: string): Promise<string[]> {
  const roles = (await (await admin(`/users/${uid}/role-mappings/realm`, {}, [200], 'bootstrap')).json()) as Record<string, any>[];
  return roles.map((r) => String(r.name));
}

/**
 * Gives a browser context the Keycloak session (its realm cookies) that a finished Google sign-in
 * of this user would leave: the bootstrap administrator impersonates the user, through the
 * context's own request client so the cookies land in the browser. The realm's browser flow has
 * no password form, and Google cannot be reached offline.
 */
export async function signInToKeycloakAs(
  request: { post: (url: string, options: { headers: Record<string, string> }) => Promise<{ status: () => number; text: () => Promise<string> }> },
  keycloakOrigin: string,
  uid: string,
): Promise<void> {
  const response = await request.post(`${keycloakOrigin}/admin/realms/fluent/users/${uid}/impersonation`, {
    headers: { Authorization: `Bearer ${await bootstrapAdminToken()}` },
  });
  if (response.status() !== 200) throw new Error(`impersonation: Keycloak answered ${response.status()} ${await response.text()}`);
}
