import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareKeycloak, renderRealm, resetData, STACK } from './components.mjs';
import { VERSIONS } from './versions.mjs';
import { tempProfile } from './testing.mjs';

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A profile with an unpacked Keycloak home already in place (prepare then copies nothing). */
function profile(name) {
  const p = tempProfile(name);
  cleanups.push(p.cleanup);
  mkdirSync(join(p.dataDir, 'keycloak'), { recursive: true });
  writeFileSync(join(p.dataDir, 'keycloak', 'fluent-version.txt'), `${VERSIONS.keycloak}\n`);
  return p;
}

/** Leaves a file in a component's data folder. */
function mark(p, ...dir) {
  mkdirSync(join(p.dataDir, ...dir), { recursive: true });
  writeFileSync(join(p.dataDir, ...dir, 'marker'), 'data');
  return () => existsSync(join(p.dataDir, ...dir, 'marker'));
}

/** What startComponent does before it spawns a component. */
function prepareAndSpec(p, name) {
  const component = STACK.find((c) => c.name === name);
  component.prepare?.(p);
  component.spec(p);
}

describe('test profile data', () => {
  it('survives restarting one component (startComponent)', () => {
    const p = profile('test');
    prepareKeycloak(p);
    const kept = { nats: mark(p, 'nats'), ferretdb: mark(p, 'ferretdb'), keycloak: mark(p, 'keycloak', 'data', 'h2') };
    for (const name of ['nats', 'ferretdb', 'keycloak']) prepareAndSpec(p, name);
    expect({ nats: kept.nats(), ferretdb: kept.ferretdb(), keycloak: kept.keycloak() }).toEqual({ nats: true, ferretdb: true, keycloak: true });
  });

  it('is emptied by resetData (the start of `up`), which leaves dev data and the NATS passwords alone', () => {
    const test = profile('test');
    const dev = profile('dev');
    for (const p of [test, dev]) for (const name of ['nats', 'ferretdb', 'keycloak']) prepareAndSpec(p, name);
    const credentials = readFileSync(join(test.dataDir, 'nats-credentials.json'), 'utf8');
    const inTest = [mark(test, 'nats'), mark(test, 'ferretdb'), mark(test, 'keycloak', 'data', 'h2')];
    const inDev = [mark(dev, 'nats'), mark(dev, 'ferretdb'), mark(dev, 'keycloak', 'data', 'h2')];
    resetData(test);
    resetData(dev);
    expect(inTest.map((kept) => kept())).toEqual([false, false, false]);
    expect(inDev.map((kept) => kept())).toEqual([true, true, true]);
    expect(readFileSync(join(test.dataDir, 'nats-credentials.json'), 'utf8')).toBe(credentials);
  });
});

describe('Keycloak realm import', () => {
  it('re-imports when a value substituted into the realm changes, not only realm.json', () => {
    const p = profile('dev');
    vi.stubEnv('FLUENT_AUTH_CLIENT_SECRET', 'first-secret');
    prepareKeycloak(p);
    let imported = mark(p, 'keycloak', 'data', 'h2');

    prepareKeycloak(p);
    expect(imported(), 'same realm, same environment: keep the database').toBe(true);

    vi.stubEnv('FLUENT_AUTH_CLIENT_SECRET', 'rotated-secret');
    prepareKeycloak(p);
    expect(imported(), 'client secret changed').toBe(false);

    imported = mark(p, 'keycloak', 'data', 'h2');
    vi.stubEnv('GOOGLE_CLIENT_ID', 'a-real-client-id');
    prepareKeycloak(p);
    expect(imported(), 'Google client id changed').toBe(false);
  });

  it('renders placeholders as Keycloak does', () => {
    const env = { SECRET: 's3cret', ID: 'client' };
    expect(renderRealm('{"a":"${SECRET:default}","b":"${MISSING:fallback}","c":"${env.ID}","d":"${username}","e":"${NOPE,ID:x}"}', env)).toBe(
      '{"a":"s3cret","b":"fallback","c":"client","d":"${username}","e":"client"}',
    );
  });
});
