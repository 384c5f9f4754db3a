import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeycloakOnlyUser, findKeycloakUser } from '../support/keycloak';
import { api, gatewayUrl, mongoUri } from '../support/stack';
import { bearer, PASSWORD, signIn, signUp, uniqueEmail } from '../support/users';

// Identity against the real Keycloak and FerretDB, through the gateway and auth-service.
describe('identity', () => {
  const mongo = new MongoClient(mongoUri);
  const users = () => mongo.db().collection('users');
  beforeAll(() => mongo.connect());
  afterAll(() => mongo.close());

  describe('POST /api/auth/signup', () => {
    it('creates the Keycloak user with mobileNumber and a user document with exactly the SPEC fields', async () => {
      const email = uniqueEmail('signup');
      const { tokens } = await signUp(email.toUpperCase(), '9876543210');
      expect(tokens.accessToken).toBeTruthy();
      expect(tokens.refreshToken).toBeTruthy();

      const account = await findKeycloakUser(email);
      expect(account?.attributes?.mobileNumber).toEqual(['9876543210']);

      const doc = await users().findOne({ email });
      expect(doc).toEqual({ _id: account?.id, uid: account?.id, email, mobileNumber: '9876543210', hasPaid: false });
    });

    it('answers an email that is already registered with 409, and writes no second document', async () => {
      const { email } = await signUp();
      const again = await api('/api/auth/signup', {
        method: 'POST',
        body: JSON.stringify({ email, mobileNumber: '1112223334', password: PASSWORD }),
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('An account with this email already exists.');
      expect(await users().countDocuments({ email })).toBe(1);
    });

    it.each(['012345678', '01234567890', '01234abcde', ''])('refuses mobile number %j with 400 and the hint', async (mobileNumber) => {
      const email = uniqueEmail('mobile');
      const { status, body } = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, mobileNumber, password: PASSWORD }) });
      expect(status).toBe(400);
      expect(body.errors.mobileNumber).toBe('Mobile number should be 10 digits');
      expect(await findKeycloakUser(email)).toBeUndefined();
    });

    it("refuses a password Keycloak's policy rejects, creating nothing", async () => {
      const email = uniqueEmail('weak');
      const { status, body } = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, mobileNumber: '0123456789', password: 'short' }) });
      expect(status).toBe(400);
      expect(body.errors.password).toMatch(/minimum length 8/);
      expect(await findKeycloakUser(email)).toBeUndefined();
      expect(await users().countDocuments({ email })).toBe(0);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in and sets an httpOnly, SameSite=Strict session cookie', async () => {
      const { email } = await signUp();
      const response = await fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { accessToken: string };
      expect(body.accessToken.split('.')).toHaveLength(3);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^fluent_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/auth/);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const { email } = await signUp();
      const wrong = await signIn(email, 'not-the-password');
      const unknown = await signIn(uniqueEmail('nobody'), PASSWORD);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email or password.');
      expect(unknown.body).toEqual(wrong.body);
    });

    it('validates the body', async () => {
      const { status, body } = await api('/api/auth/login', { method: 'POST', body: JSON.stringify({ email: 'nope' }) });
      expect(status).toBe(400);
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    });
  });

  describe('access tokens', () => {
    it('are required on every non-public route', async () => {
      const { status, body } = await api('/api/me');
      expect(status).toBe(401);
      expect(body.message).toBe('Sign in to continue.');
    });

    it('are refused when tampered with', async () => {
      const { tokens } = await signUp();
      const [header, payload, signature] = tokens.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      claims.sub = randomUUID();
      const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      const { status } = await api('/api/me', { headers: bearer(forged) });
      expect(status).toBe(401);
    });

    it('are refused when signed by another issuer', async () => {
      const { SignJWT, generateKeyPair } = await import('jose');
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ azp: 'fluent-web' })
        .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
        .setIssuer('http://attacker.test/realms/fluent')
        .setAudience('fluent-api')
        .setSubject(randomUUID())
        .setExpirationTime('5m')
        .sign(privateKey);
      expect((await api('/api/me', { headers: bearer(token) })).status).toBe(401);
    });
  });

  describe('GET /api/me', () => {
    it("returns the caller's own document only", async () => {
      const a = await signUp(uniqueEmail('alice'), '1111111111');
      const b = await signUp(uniqueEmail('bob'), '2222222222');
      const meA = await api('/api/me', { headers: bearer(a.tokens.accessToken) });
      const meB = await api('/api/me', { headers: bearer(b.tokens.accessToken) });
      expect(meA.body).toMatchObject({ email: a.email, mobileNumber: '1111111111', hasPaid: false });
      expect(meB.body).toMatchObject({ email: b.email, mobileNumber: '2222222222', hasPaid: false });
      expect(meA.body.uid).not.toBe(meB.body.uid);
    });

    it('creates a missing document with paidTests false (the dashboard path)', async () => {
      const email = uniqueEmail('dash');
      const uid = await createKeycloakOnlyUser(email, PASSWORD, 'Dana', 'Ray');
      const login = await signIn(email);
      const me = await api('/api/me', { headers: bearer(login.body.accessToken) });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ uid, paidTests: false });
      expect(await users().countDocuments({ _id: uid } as never)).toBe(1);
    });
  });

  describe('POST /api/auth/social-sign-in', () => {
    it('creates {email, name, hasPaid:false} on the first social sign-in only', async () => {
      const email = uniqueEmail('google');
      const uid = await createKeycloakOnlyUser(email, PASSWORD, 'Grace', 'Hopper');
      const { body: tokens } = await signIn(email);
      const first = await api('/api/auth/social-sign-in', { method: 'POST', headers: bearer(tokens.accessToken) });
      expect(first.status).toBe(200);
      expect(await users().findOne({ _id: uid } as never)).toEqual({ _id: uid, email, name: 'Grace Hopper', hasPaid: false });

      await users().updateOne({ _id: uid } as never, { $set: { paidTests: true } });
      await api('/api/auth/social-sign-in', { method: 'POST', headers: bearer(tokens.accessToken) });
      expect(await users().findOne({ _id: uid } as never)).toMatchObject({ paidTests: true, hasPaid: false });
    });
  });

  describe('session cookie', () => {
    it('restores the session, and no longer after sign-out', async () => {
      const { email } = await signUp();
      const login = await fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const restored = await api('/api/auth/session', { method: 'POST', headers: { cookie } });
      expect(restored.status).toBe(200);
      const me = await api('/api/me', { headers: bearer(restored.body.accessToken) });
      expect(me.body.email).toBe(email);

      expect((await api('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
      const after = await api('/api/auth/session', { method: 'POST', headers: { cookie } });
      expect(after.status).toBe(401);
    });

    it('is required to restore a session', async () => {
      expect((await api('/api/auth/session', { method: 'POST' })).status).toBe(401);
    });
  });

  it('rate-limits the sign-in endpoint per client address', async () => {
    // A made-up client address (trusted from the loopback proxy) keeps this test's bucket apart.
    const headers = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    const statuses: number[] = [];
    for (let i = 0; i < 320; i++) {
      statuses.push((await api('/api/auth/login', { method: 'POST', headers, body: '{}' })).status);
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(10);
  });
});
