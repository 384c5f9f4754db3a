import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccessTokenVerifier,
  KeySetCache,
  TokenInvalidError,
  VerificationUnavailableError,
  type JwksFetcher,
  type TokenRefusal,
} from './access-token-verifier';

const ISSUER = 'http://keycloak.test/realms/fluent';
const MAX_AGE = 10 * 60_000;
const COOLDOWN = 30_000;
const RETRY = 5_000;

type KeyName = 'k1' | 'k2' | 'stranger';
interface SignOptions {
  kid?: string;
  key?: KeyName;
  exp?: number | string | null;
  omit?: ('sub' | 'azp')[];
}

const keys = {} as Record<KeyName, { privateKey: CryptoKey; jwk: JWK }>;

beforeAll(async () => {
  for (const kid of ['k1', 'k2', 'stranger'] as const) {
    const pair = await generateKeyPair('RS256');
    keys[kid] = { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' } };
  }
});

const keySet = (...kids: KeyName[]): JSONWebKeySet => ({ keys: kids.map((kid) => keys[kid].jwk) });

/** A token like Keycloak's, signed with key `k1` under kid `k1` unless told otherwise. */
function sign(claims: Record<string, unknown> = {}, options: SignOptions = {}): Promise<string> {
  const body: Record<string, unknown> = { azp: 'fluent-web', email: 'a@b.co', ...claims };
  for (const claim of options.omit ?? []) delete body[claim];
  let jwt = new SignJWT(body)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? options.key ?? 'k1' })
    .setIssuer((claims.iss as string) ?? ISSUER)
    .setAudience((claims.aud as string | string[]) ?? ['fluent-api', 'account'])
    .setIssuedAt();
  if (!options.omit?.includes('sub')) jwt = jwt.setSubject('user-1');
  if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? '5m');
  return jwt.sign(keys[options.key ?? 'k1'].privateKey);
}

/** A fake JWKS endpoint: answers with `current` (or fails when it is an Error) and counts calls; a fake clock. */
function harness(initial: JSONWebKeySet | Error, cacheSize = 0) {
  const state = { current: initial, clock: 1_000_000 };
  const fetchJwks = vi.fn<JwksFetcher>(async () => {
    if (state.current instanceof Error) throw state.current;
    return state.current;
  });
  const cache = new KeySetCache({
    fetchJwks,
    maxAgeMs: MAX_AGE,
    cooldownMs: COOLDOWN,
    retryAfterFailureMs: RETRY,
    now: () => state.clock,
    logger: { warn: () => undefined, log: () => undefined },
  });
  const verifier = new AccessTokenVerifier({ jwks: cache, issuer: ISSUER, audience: 'fluent-api', authorizedParty: 'fluent-web', cacheSize });
  return { state, fetchJwks, verifier, advance: (ms: number) => (state.clock += ms) };
}

/** The reason a verification was refused for; fails the test when it was not refused. */
async function refusal(promise: Promise<unknown>): Promise<TokenRefusal | 'unavailable'> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error instanceof TokenInvalidError) return error.reason;
  if (error instanceof VerificationUnavailableError) return 'unavailable';
  throw new Error(`expected a refusal, got ${error === undefined ? 'an accepted token' : String(error)}`);
}

describe('AccessTokenVerifier', () => {
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness(keySet('k1'));
  });

  it('accepts a valid token and returns the caller', async () => {
    expect(await h.verifier.verify(await sign({ name: 'Ana' }))).toEqual({ uid: 'user-1', email: 'a@b.co', name: 'Ana', roles: [] });
  });

  it("returns the token's realm roles (realm_access.roles), strings only", async () => {
    const token = await sign({ realm_access: { roles: ['operator', 'default-roles-fluent', 7, null] } });
    expect((await h.verifier.verify(token)).roles).toEqual(['operator', 'default-roles-fluent']);
    // Client roles (resource_access) are not realm roles.
    const clientRole = await sign({ resource_access: { 'fluent-web': { roles: ['operator'] } }, realm_access: 'operator' });
    expect((await h.verifier.verify(clientRole)).roles).toEqual([]);
  });

  // Each token differs from a valid one in one respect only, and must be refused for that one.
  it.each<[string, () => Promise<string>, TokenRefusal]>([
    ['an expired token', () => sign({}, { exp: Math.floor(Date.now() / 1000) - 60 }), 'expiry'],
    ['a token without expiry', () => sign({}, { exp: null }), 'expiry'],
    ['another issuer (signed with the realm key)', () => sign({ iss: 'http://evil.test/realms/fluent' }), 'issuer'],
    ['another audience', () => sign({ aud: 'account' }), 'audience'],
    ['another client (azp)', () => sign({ azp: 'some-other-client' }), 'client'],
    ['a token without azp', () => sign({}, { omit: ['azp'] }), 'client'],
    ['a token without subject', () => sign({}, { omit: ['sub'] }), 'subject'],
    ['a key id not in the JWKS', () => sign({}, { key: 'stranger' }), 'unknown-key'],
    ['a known key id over another key', () => sign({}, { kid: 'k1', key: 'stranger' }), 'signature'],
    ['something that is not a JWT', async () => 'not-a-token', 'malformed'],
  ])('refuses %s, for that reason', async (_case, make, reason) => {
    expect(await refusal(h.verifier.verify(await make()))).toBe(reason);
  });

  it('refuses a tampered token for its signature', async () => {
    const token = await sign({});
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = 'someone-else';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await refusal(h.verifier.verify(tampered))).toBe('signature');
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'user-1', iss: ISSUER, aud: 'fluent-api', azp: 'fluent-web', exp: 9e9 })).toString('base64url');
    expect(await refusal(h.verifier.verify(`${header}.${payload}.`))).toBe('algorithm');
  });
});

describe('AccessTokenVerifier when the key set cannot be fetched', () => {
  it('fetches the key set once for many tokens, and once for a flood of concurrent first requests', async () => {
    const h = harness(keySet('k1'));
    const token = await sign({});
    await Promise.all(Array.from({ length: 20 }, () => h.verifier.verify(token)));
    await h.verifier.verify(token);
    expect(h.fetchJwks).toHaveBeenCalledTimes(1);
  });

  it('keeps verifying with the last good key set when a refresh fails past its age', async () => {
    const h = harness(keySet('k1'));
    const token = await sign({});
    await h.verifier.verify(token);
    h.state.current = new Error('connect ECONNREFUSED');
    h.advance(MAX_AGE + 1);
    await expect(h.verifier.verify(token)).resolves.toMatchObject({ uid: 'user-1' });
    await Promise.resolve(); // let the background refresh settle
    h.advance(MAX_AGE);
    await expect(h.verifier.verify(token)).resolves.toMatchObject({ uid: 'user-1' });
    expect(h.fetchJwks.mock.calls.length).toBeGreaterThan(1); // it did try to refresh
  });

  it('still refuses an invalid token during an outage as invalid (401), not unavailable', async () => {
    const h = harness(keySet('k1'));
    await h.verifier.verify(await sign({}));
    h.state.current = new Error('connect ECONNREFUSED');
    h.advance(MAX_AGE + 1);
    expect(await refusal(h.verifier.verify(await sign({ aud: 'account' })))).toBe('audience');
  });

  it('is unavailable when the key set has never been fetched', async () => {
    const h = harness(new Error('connect ECONNREFUSED'));
    expect(await refusal(h.verifier.verify(await sign({})))).toBe('unavailable');
  });

  it('does not hammer an unreachable Keycloak: one fetch per retry interval while it has no keys', async () => {
    const h = harness(new Error('connect ECONNREFUSED'));
    const token = await sign({});
    for (let i = 0; i < 5; i++) expect(await refusal(h.verifier.verify(token))).toBe('unavailable');
    expect(h.fetchJwks).toHaveBeenCalledTimes(1);
    h.state.current = keySet('k1');
    h.advance(RETRY);
    await expect(h.verifier.verify(token)).resolves.toMatchObject({ uid: 'user-1' });
    expect(h.fetchJwks).toHaveBeenCalledTimes(2);
  });

  it("is unavailable when a token's key id is unknown and the refresh fails", async () => {
    const h = harness(keySet('k1'));
    await h.verifier.verify(await sign({}));
    h.state.current = new Error('connect ECONNREFUSED');
    h.advance(COOLDOWN);
    expect(await refusal(h.verifier.verify(await sign({}, { key: 'k2' })))).toBe('unavailable');
    // ... while tokens under the known key keep working
    await expect(h.verifier.verify(await sign({}))).resolves.toMatchObject({ uid: 'user-1' });
  });

  it('picks up a rotated key: an unknown key id triggers a refresh', async () => {
    const h = harness(keySet('k1'));
    await h.verifier.verify(await sign({}));
    h.state.current = keySet('k1', 'k2');
    h.advance(COOLDOWN);
    await expect(h.verifier.verify(await sign({}, { key: 'k2' }))).resolves.toMatchObject({ uid: 'user-1' });
    expect(h.fetchJwks).toHaveBeenCalledTimes(2);
  });

  it('lets unknown key ids force at most one refresh per cooldown', async () => {
    const h = harness(keySet('k1'));
    await h.verifier.verify(await sign({}));
    h.advance(COOLDOWN);
    for (let i = 0; i < 5; i++) expect(await refusal(h.verifier.verify(await sign({}, { key: 'stranger' })))).toBe('unknown-key');
    expect(h.fetchJwks).toHaveBeenCalledTimes(2);
  });

  it('treats a key set document that is not one as a failed fetch', async () => {
    const h = harness({ nonsense: true } as unknown as JSONWebKeySet);
    expect(await refusal(h.verifier.verify(await sign({})))).toBe('unavailable');
  });
});

describe('AccessTokenVerifier remembering verified tokens', () => {
  /** A verifier whose key lookups are counted: each lookup is one full signature check. */
  function counted(cacheSize: number, clock = { now: Date.now() }) {
    const jwks = createLocalJWKSet(keySet('k1'));
    const lookups = vi.fn(jwks);
    const verifier = new AccessTokenVerifier({ jwks: lookups, issuer: ISSUER, audience: 'fluent-api', authorizedParty: 'fluent-web', cacheSize, now: () => clock.now });
    return { verifier, lookups, clock };
  }

  it('checks a token once, and answers the same caller for it again without a signature check', async () => {
    const { verifier, lookups } = counted(10);
    const token = await sign({ name: 'Ana' });
    const first = await verifier.verify(token);
    expect(await verifier.verify(token)).toEqual(first);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('never takes a different token for a remembered one (one changed byte is checked, and refused)', async () => {
    const { verifier } = counted(10);
    const token = await sign({});
    await verifier.verify(token);
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await refusal(verifier.verify(flipped))).toBe('signature');
  });

  it('checks the token again once it has expired, and refuses it', async () => {
    const clock = { now: Date.now() };
    const { verifier, lookups } = counted(10, clock);
    const token = await sign({}, { exp: '2m' });
    await verifier.verify(token);
    clock.now += 3 * 60_000;
    expect(await refusal(verifier.verify(token))).toBe('expiry');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('checks every token again when the realm\'s keys change: a withdrawn key is no longer trusted', async () => {
    const h = harness(keySet('k1', 'k2'), 10);
    const token = await sign({}, { key: 'k1' });
    await h.verifier.verify(token);
    h.state.current = keySet('k2'); // k1 withdrawn
    h.advance(MAX_AGE + 1);
    await h.verifier.verify(token); // still remembered; starts the refresh that the age calls for
    await vi.waitFor(() => expect(h.fetchJwks).toHaveBeenCalledTimes(2));
    expect(await refusal(h.verifier.verify(token))).toBe('unknown-key');
  });

  it('keeps at most its size, dropping the oldest', async () => {
    const { verifier, lookups } = counted(2);
    const [a, b, c] = await Promise.all([sign({ n: 1 }), sign({ n: 2 }), sign({ n: 3 })]);
    for (const token of [a, b, c, c, b]) await verifier.verify(token!);
    expect(lookups).toHaveBeenCalledTimes(3);
    await verifier.verify(a!);
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
