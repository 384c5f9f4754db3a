// The running test stack, as tools/test.mjs started it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { getProfile, natsCredentials, startComponent, stopComponent } from '../../tools/stack/index.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';

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

/** Polls `probe` until `accept` passes and returns that value; throws when the deadline passes first. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value)) {
    // A wait that ends without its condition is a failure, not a value to look at: a stalled
    // consumer would otherwise pass every "nothing else happened" check made after it.
    if (Date.now() >= deadline) throw new Error(`eventually: not met within ${timeoutMs} ms; last value: ${describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await probe();
  }
  return value;
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The environment the stack gives the apps of this profile (addresses, secrets, limits). */
export const stackEnvironment = () => appEnvironment(profile);

/**
 * A second gateway process against the same NATS, services and rate-limit store, on its own port:
 * what a second replica behind a load balancer would be.
 */
export async function startExtraGateway(overrides: Record<string, string>, portOffset = 57): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = profile.ports.gateway + portOffset;
  const url = `http://127.0.0.1:${port}`;
  // Whatever already answers there (a replica a crashed run left behind) would pass for this one.
  if (await fetch(`${url}/api/config`).then(() => true, () => false)) throw new Error(`port ${port} is taken: stop the process listening there`);
  const child = spawn(process.execPath, [join(ROOT, 'apps', 'gateway', 'dist', 'main.js')], {
    env: { ...process.env, ...appEnvironment(profile, 'gateway'), GATEWAY_PORT: String(port), LOG_LEVEL: 'warn', ...overrides },
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the extra gateway exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/config`).then((r) => r.ok, () => false);
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the extra gateway did not start');
}

/**
 * A second replica of a service (its own process, in the same queue group on the same NATS and
 * database): the queue group then shares requests between the stack's replica and this one.
 * `kill` ends it with a signal and waits until it has gone (SIGKILL: a crash, nothing drained).
 */
export async function startExtraService(
  app: string,
): Promise<{ stop: () => Promise<void>; kill: (signal: NodeJS.Signals) => Promise<void>; signal: (signal: NodeJS.Signals) => void }> {
  const child = spawn(process.execPath, [join(ROOT, 'apps', app, 'dist', 'main.js')], {
    env: { ...process.env, ...appEnvironment(profile, app), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const stop = () => kill('SIGTERM');
  let output = '';
  const listening = new Promise<boolean>((resolve) => {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output = (output + chunk).slice(-20_000);
      if (output.includes(`${app} listening on`)) resolve(true);
    });
    child.once('exit', () => resolve(false));
    setTimeout(() => resolve(false), 60_000).unref();
  });
  if (!(await listening)) {
    await stop();
    throw new Error(`the extra ${app} did not start; its output ended with:\n${output.slice(-2000)}`);
  }
  child.stdout!.resume();
  // A signal that does not end the process (SIGSTOP, SIGCONT), sent without waiting for an exit.
  const signal = (name: NodeJS.Signals) => void child.kill(name);
  return { stop, kill, signal };
}

/**
 * A request from a chosen loopback address (127.0.0.0/8 all reach this machine), so that a test
 * has a client address, and a rate-limit bucket, of its own.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? 'GET', localAddress, headers: { 'content-type': 'application/json', ...init.headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * The gateway's rate limits count in fixed windows aligned to the epoch (a counter per key and
 * window). A test that counts up to a limit must run inside one window: when fewer than `neededMs`
 * are left of the current `windowMs` window, this waits for the next one to begin.
 */
export async function clearOfWindowEdge(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/**
 * The result of the first run of `run` that starts and ends inside one `windowMs` window of the
 * clock (the gateway's fixed rate-limit windows are epoch-aligned, and the stack runs on this
 * machine's clock, so every request of such a run was counted in the one window). A run a window
 * edge cut through shows nothing either way: it is run again from a window with `neededMs` left,
 * up to `tries` times, and its result is never looked at. So `run` collects what it sees and the
 * test asserts on the result; and each run uses a client address (an account) of its own, since a
 * cut run's hits stay counted.
 */
export async function inOneWindow<T>(windowMs: number, neededMs: number, run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await clearOfWindowEdge(windowMs, neededMs);
    const window = Math.floor(Date.now() / windowMs);
    const result = await run();
    if (Math.floor(Date.now() / windowMs) === window) return result;
    if (attempt >= tries) throw new Error(`inOneWindow: ${tries} runs in a row were cut by a ${windowMs} ms window edge (the last took longer than ${neededMs} ms?)`);
  }
}

/** The lines of a stack component's log (`.data/<profile>/logs/<name>.log`) that match `pattern`. */
export function logLines(component: string, pattern: RegExp): string[] {
  const file = join(profile.logDir, `${component}.log`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => pattern.test(line));
}
