import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../tools/stack/paths.mjs';

const realm = () => JSON.parse(readFileSync(join(ROOT, 'deploy', 'keycloak', 'realm.json'), 'utf8'));

/**
 * Every way deploy/keycloak/realm.json leaves for someone outside to have Keycloak check a password
 * the gateway did not count first (sign-in-attempts.ts counts every one before Keycloak sees it).
 * Empty is the condition for running Keycloak with allow-concurrent-requests: its own guard
 * against parallel guesses is then never the only one. (The Ingress side: manifests.spec.ts.)
 */
export function passwordEntrancesAroundTheGateway(): string[] {
  const r = realm();
  const found: string[] = [];
  const browser = (r.authenticationFlows ?? []).find((f: { alias: string }) => f.alias === r.browserFlow);
  if (!browser) found.push(`the browser flow is Keycloak's built-in one (username/password form): ${r.browserFlow ?? 'unset'}`);
  else {
    const steps = browser.authenticationExecutions.map((e: { authenticator?: string; authenticatorFlow?: boolean }) => (e.authenticatorFlow ? 'a sub-flow' : e.authenticator));
    for (const step of steps) if (!['auth-cookie', 'identity-provider-redirector'].includes(step)) found.push(`the browser flow has ${step}`);
  }
  if (r.registrationAllowed !== false) found.push('self-registration is on (its form sets a password)');
  if (r.resetPasswordAllowed !== false) found.push('password reset is on');
  for (const client of r.clients ?? []) {
    if (client.enabled !== false && client.directAccessGrantsEnabled && client.publicClient !== false) found.push(`${client.clientId} takes passwords without a secret`);
  }
  return found;
}
