import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, MONGODB_APPS, render, ROOT, VALUES, type Manifest } from './support/chart';

interface Privilege {
  resource: { db: string; collection: string };
  actions: string[];
}
interface Role {
  role: string;
  privileges: Privilege[];
  roles: unknown[];
}
interface User {
  user: string;
  pwd: string;
  roles: { role: string; db: string }[];
}

/**
 * Runs the mongodb-init Job's script as mongosh would, against a stand-in for a replica set that is
 * already initiated (an upgrade) or not (an install), and returns the roles and users it leaves.
 */
function runInit(manifests: Manifest[], existing: { roles?: Role[]; users?: User[] } = {}) {
  const script = find(manifests, 'ConfigMap', 'fluent-mongodb-init').data!['users.js']!;
  const job = find(manifests, 'Job', 'fluent-mongodb-init').spec.template.spec.containers[0];
  const secret = find(manifests, 'Secret', 'fluent-secrets').data!;
  const env: Record<string, string> = {};
  for (const entry of job.env) {
    if (entry.valueFrom?.secretKeyRef) env[entry.name] = Buffer.from(secret[entry.valueFrom.secretKeyRef.key]!, 'base64').toString();
  }
  const roles = new Map((existing.roles ?? []).map((r) => [r.role, r]));
  const users = new Map((existing.users ?? []).map((u) => [u.user, u]));
  const database = {
    getName: () => 'fluent',
    getRole: (role: string) => roles.get(role) ?? null,
    createRole: (r: Role) => {
      if (roles.has(r.role)) throw new Error(`role ${r.role} exists`);
      roles.set(r.role, r);
    },
    updateRole: (role: string, update: Omit<Role, 'role'>) => roles.set(role, { role, ...update }),
    getUser: (user: string) => users.get(user) ?? null,
    createUser: (u: User) => {
      if (users.has(u.user)) throw new Error(`user ${u.user} exists`);
      users.set(u.user, u);
    },
    updateUser: (user: string, update: Omit<User, 'user'>) => users.set(user, { user, ...update }),
  };
  const admin = { hello: () => ({ isWritablePrimary: true }), getSiblingDB: (name: string) => (name === 'fluent' ? database : admin) };
  runInNewContext(script, {
    rs: { status: () => ({ ok: 1 }), initiate: () => ({ ok: 1 }) },
    db: admin,
    process: { env },
    print: () => undefined,
    sleep: () => undefined,
  });
  return { roles, users, env };
}

/** The collections an app's code names in its mongoose schemas (and the shared premium price book it registers). */
function collectionsInCode(app: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) files.push(path);
    }
  };
  walk(join(ROOT, 'apps', app, 'src'));
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/@Schema\(\{[^}]*collection: '([^']+)'/g)) names.add(match[1]!);
    if (/PremiumPriceRecordSchema/.test(text)) names.add('premium_prices');
  }
  return [...names].sort();
}

describe("MongoDB: one user per service, with a role on the service's own collections", () => {
  const manifests = render([VALUES.prod], fixtureSecrets());
  const values = (app: string) => {
    const { roles } = runInit(manifests);
    return roles.get(`fluent-${app}`)!;
  };

  it("feedback-service's role cannot write users (or read them): its privileges name only its own collections", () => {
    const role = values('feedback-service');
    expect(role.roles).toEqual([]);
    const byCollection = Object.fromEntries(role.privileges.map((p) => [p.resource.collection, p.actions]));
    expect(Object.keys(byCollection).sort()).toEqual(['', 'skillProfiles', 'writingFeedback']);
    expect(byCollection['']).toEqual(['listCollections']);
    expect(byCollection.users).toBeUndefined();
    expect(role.privileges.every((p) => p.resource.db === 'fluent')).toBe(true);
  });

  it('only auth-service may write users; only payment-service its payment records', () => {
    const { roles } = runInit(manifests);
    const writers = (collection: string) =>
      [...roles.values()].filter((r) => r.privileges.some((p) => p.resource.collection === collection && p.actions.includes('update'))).map((r) => r.role);
    expect(writers('users')).toEqual(['fluent-auth-service']);
    expect(writers('succeeded_payments')).toEqual(['fluent-payment-service']);
    expect(writers('payment_intents')).toEqual(['fluent-payment-service']);
    expect(writers('attempts')).toEqual(['fluent-catalog-service']);
  });

  it.each(MONGODB_APPS)('%s signs in as its own user, with its own Secret key, holding its own role only', (app) => {
    const { users, env } = runInit(manifests);
    expect(users.get(app)!.roles).toEqual([{ role: `fluent-${app}`, db: 'fluent' }]);
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    const password = container.env.find((e: { name: string }) => e.name === 'MONGODB_PASSWORD');
    expect(password.valueFrom.secretKeyRef).toEqual({ name: 'fluent-secrets', key: `mongodb-password-${app}` });
    const uri = container.env.find((e: { name: string }) => e.name === 'MONGODB_URI').value as string;
    expect(uri).toMatch(new RegExp(`^mongodb://${app}:\\$\\(MONGODB_PASSWORD\\)@`));
    expect(uri).toContain('authSource=fluent');
    // The init Job sets this user's password from the same key.
    const secret = Buffer.from(find(manifests, 'Secret', 'fluent-secrets').data![`mongodb-password-${app}`]!, 'base64').toString();
    expect(users.get(app)!.pwd).toBe(secret);
    expect(Object.values(env).filter((v) => v === secret)).toHaveLength(1);
  });

  it('no user or role of the apps holds a built-in role such as readWrite', () => {
    const { users, roles } = runInit(manifests);
    expect([...users.keys()].sort()).toEqual([...MONGODB_APPS].sort());
    for (const user of users.values()) expect(user.roles.every((r) => r.role.startsWith('fluent-'))).toBe(true);
    for (const role of roles.values()) expect(role.roles).toEqual([]);
  });

  it('is idempotent: an upgrade updates the roles and users it finds (a rotated password, a new collection)', () => {
    const stale: Role = { role: 'fluent-feedback-service', privileges: [{ resource: { db: 'fluent', collection: 'users' }, actions: ['update'] }], roles: [] };
    const { roles, users } = runInit(manifests, { roles: [stale], users: [{ user: 'feedback-service', pwd: 'old-password', roles: [] }] });
    expect(roles.get('fluent-feedback-service')!.privileges.map((p) => p.resource.collection).sort()).toEqual(['', 'skillProfiles', 'writingFeedback']);
    expect(users.get('feedback-service')!.pwd).not.toBe('old-password');
    expect(users.get('feedback-service')!.roles).toEqual([{ role: 'fluent-feedback-service', db: 'fluent' }]);
  });

  it.each(MONGODB_APPS)("%s's collections in values.yaml are the ones its code's schemas name", (app) => {
    const { roles } = runInit(manifests);
    const granted = roles
      .get(`fluent-${app}`)!
      .privileges.map((p) => p.resource.collection)
      .filter((c) => c !== '')
      .sort();
    expect(granted).toEqual(collectionsInCode(app));
  });
});
