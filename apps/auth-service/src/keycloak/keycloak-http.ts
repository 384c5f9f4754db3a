import { IDENTITY_UNAVAILABLE_MESSAGE } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';

export interface KeycloakResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * One call to Keycloak with a deadline. Keycloak being down or slow, or no time being left in the
 * operation's budget, is a 503 for our callers, never a hang or an anonymous 500.
 */
export async function callKeycloak(url: string, init: RequestInit, timeoutMs: number): Promise<KeycloakResponse> {
  if (timeoutMs <= 0) throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
  }
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  if (text) {
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
  }
  return { status: response.status, headers: response.headers, body };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** Keycloak's own wording for an error, whichever field it uses. */
export function keycloakMessage(body: Record<string, unknown>): string | undefined {
  for (const key of ['errorMessage', 'error_description', 'error']) {
    if (typeof body[key] === 'string') return body[key] as string;
  }
  return undefined;
}
