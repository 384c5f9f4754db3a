// The running test stack, as tools/test.mjs started it.
import { getProfile, natsCredentials, startComponent, stopComponent } from '../../tools/stack/index.mjs';

export const profile = getProfile(process.env.FLUENT_STACK_PROFILE === 'dev' ? 'dev' : 'test');
export const gatewayUrl = process.env.FLUENT_GATEWAY_URL ?? `http://127.0.0.1:${profile.ports.gateway}`;
export const natsUrl = `nats://127.0.0.1:${profile.ports.nats}`;
export const mongoUri = `mongodb://127.0.0.1:${profile.ports.mongo}/${profile.database}`;

/**
 * The NATS user and password of `user` in the running profile (tools/stack/nats-auth.mjs): an
 * app's name, or `test` (test profile only), the harness's own user for events on JetStream.
 */
export function natsUser(user = 'test'): { user: string; password: string } {
  const { NATS_USER, NATS_PASSWORD } = natsCredentials(profile, user);
  return { user: NATS_USER, password: NATS_PASSWORD };
}

export const stopComponentNamed = (name: string) => stopComponent(profile, name);
export const startComponentNamed = (name: string) => startComponent(profile, name);

export async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body };
}

/** Polls until `check` passes or the deadline is reached; returns the last value. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await probe();
  }
  return value;
}
