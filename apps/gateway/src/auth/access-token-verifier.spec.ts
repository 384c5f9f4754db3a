import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenVerifier } from './access-token-verifier';

const ISSUER = 'http://keycloak.test/realms/fluent';

describe('AccessTokenVerifier', () => {
  let sign: (claims: Record<string, unknown>, options?: { exp?: number | string; key?: 'ours' | 'other' }) => Promise<string>;
  let verifier: AccessTokenVerifier;

  beforeAll(async () => {
    const ours = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(ours.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    verifier = new AccessTokenVerifier({
      jwks: createLocalJWKSet({ keys: [jwk] }),
      issuer: ISSUER,
      audience: 'fluent-api',
      authorizedParty: 'fluent-web',
    });
    sign = (claims, options = {}) =>
      new SignJWT({ azp: 'fluent-web', email: 'a@b.co', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer((claims.iss as string) ?? ISSUER)
        .setAudience((claims.aud as string) ?? 'fluent-api')
        .setSubject('user-1')
        .setIssuedAt()
        .setExpirationTime(options.exp ?? '5m')
        .sign(options.key === 'other' ? other.privateKey : ours.privateKey);
  });

  it('accepts a valid token and returns the caller', async () => {
    expect(await verifier.verify(await sign({ name: 'Ana' }))).toEqual({ uid: 'user-1', email: 'a@b.co', name: 'Ana' });
  });

  it.each([
    ['an expired token', () => sign({}, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['another issuer', () => sign({ iss: 'http://evil.test/realms/fluent' })],
    ['another audience', () => sign({ aud: 'account' })],
    ['another client (azp)', () => sign({ azp: 'some-other-client' })],
    ['a key not in the JWKS', () => sign({}, { key: 'other' })],
  ])('refuses %s', async (_case, make) => {
    await expect(verifier.verify(await make())).rejects.toThrow();
  });

  it('refuses a tampered token', async () => {
    const token = await sign({});
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = 'someone-else';
    await expect(verifier.verify(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`)).rejects.toThrow();
  });
});
