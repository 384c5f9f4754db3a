import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, render, VALUES } from './support/chart';

/**
 * The mongodb-init hook Job after a failover: member 0 is a secondary and another member is primary.
 * No cluster or container engine here, and the local stack's MongoDB is FerretDB (no replica set,
 * no rs.* commands), so the Job's scripts run as mongosh would run them against stand-ins: member 0
 * answering as a secondary of an initiated set, and the seed-list connection answering from the primary.
 */
const manifests = render([VALUES.prod], fixtureSecrets());
const configMap = find(manifests, 'ConfigMap', 'fluent-mongodb-init').data!;
const job = find(manifests, 'Job', 'fluent-mongodb-init').spec.template.spec;
const command: string = job.containers[0].command.join(' ');
const hosts = [0, 1, 2].map((i) => `fluent-mongodb-${i}.fluent-mongodb-headless:27017`);

/** Each mongosh invocation of the Job's command: the URI and the script it runs. */
const invocations = () => [...command.matchAll(/mongosh --quiet "([^"]+)" \/init\/([a-z-]+\.js)/g)].map(([, uri, script]) => ({ uri: uri!, script: script! }));

/** Runs a script against a stand-in mongod; `sleep` past a bound means the script would wait forever. */
function run(script: string | undefined, server: { status: () => unknown; hello: () => unknown }) {
  if (!script) throw new Error(`no such script among ${Object.keys(configMap).join(', ')}`);
  let sleeps = 0;
  const initiated: unknown[] = [];
  interface Database { hello: () => unknown; getSiblingDB: () => Database; [method: string]: () => unknown }
  const database: Database = {
    hello: server.hello,
    getSiblingDB: () => database,
    getName: () => 'fluent',
    getRole: () => null,
    createRole: () => undefined,
    getUser: () => null,
    createUser: () => undefined,
  };
  const env = Object.fromEntries((job.containers[0].env as { name: string; valueFrom?: unknown }[]).filter((e) => e.valueFrom).map((e) => [e.name, 'fixture-password']));
  runInNewContext(script, {
    rs: { status: server.status, initiate: (config: unknown) => initiated.push(config) },
    db: database,
    process: { env },
    print: () => undefined,
    sleep: () => {
      if (++sleeps > 300) throw new Error('still waiting after 300 sleeps: the Job would run into its deadline');
    },
  });
  return { initiated, sleeps };
}

const secondary = { status: () => ({ ok: 1, members: [] }), hello: () => ({ isWritablePrimary: false, secondary: true, setName: 'rs0' }) };

describe('mongodb-init Job: upgrades survive a failover (member 0 no longer primary)', () => {
  it('talks to member 0 directly for the initiate only; the users are written over the seed list of every member', () => {
    const [direct, seed, ...rest] = invocations();
    expect(rest).toEqual([]);
    expect(direct).toEqual({ uri: expect.stringContaining(`@${hosts[0]}/admin?directConnection=true`), script: 'initiate.js' });
    expect(seed!.script).toBe('users.js');
    expect(seed!.uri).not.toContain('directConnection');
    expect(seed!.uri).toContain(`@${hosts.join(',')}/admin?replicaSet=rs0`);
    expect(Object.keys(configMap).sort()).toEqual(['initiate.js', 'users.js']);
  });

  it('initiate.js ends at once against an initiated set whose member 0 is a secondary (no wait for it to become primary)', () => {
    const { initiated, sleeps } = run(configMap['initiate.js'], secondary);
    expect(initiated).toEqual([]);
    expect(sleeps).toBe(0);
  });

  it('initiate.js initiates a new set with every member, member 0 first', () => {
    const notYet = { ...secondary, status: () => { throw Object.assign(new Error('no replset config has been received'), { codeName: 'NotYetInitialized' }); } };
    const { initiated } = run(configMap['initiate.js'], notYet);
    expect(initiated).toEqual([{ _id: 'rs0', members: hosts.map((host, i) => ({ _id: i, host })) }]);
  });

  it('users.js waits for a primary over the seed list and then writes (a stand-in that finds none for 3 tries)', () => {
    let asked = 0;
    const { sleeps } = run(configMap['users.js'], {
      ...secondary,
      hello: () => {
        if (++asked <= 3) throw Object.assign(new Error('Server selection timed out'), { name: 'MongoServerSelectionError' });
        return { isWritablePrimary: true };
      },
    });
    expect(sleeps).toBe(3);
  });

  it('users.js gives up with a message when no primary is elected (the Job fails and says why, before its deadline)', () => {
    expect(() => run(configMap['users.js'], secondary)).toThrow(/no primary after 120 tries/);
  });

  it("a member is ready when it is primary or secondary, not when it merely answers a ping", () => {
    const mongod = find(manifests, 'StatefulSet', 'fluent-mongodb').spec.template.spec.containers[0];
    const probe = mongod.readinessProbe.exec.command.join(' ');
    expect(probe).not.toContain('ping');
    const ready = (hello: object) => {
      let code = 0;
      const evalText = mongod.readinessProbe.exec.command.at(-1) as string;
      runInNewContext(evalText, { db: { hello: () => hello }, quit: (c: number) => { code = c; throw new Error('quit'); } }, {});
      return code === 0;
    };
    const safe = (hello: object) => { try { return ready(hello); } catch { return false; } };
    expect(safe({ isWritablePrimary: true })).toBe(true);
    expect(safe({ isWritablePrimary: false, secondary: true })).toBe(true);
    expect(safe({ isWritablePrimary: false, secondary: false })).toBe(false);
  });
});
