import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSE_NATS_CONFIG, staleFiles } from '../../tools/ops/nats-permissions.mjs';
import { BIN } from '../../tools/stack/paths.mjs';
import { exec, find, fixtureSecrets, natsUsers, render, template, VALUES } from './support/chart';
import { freePort } from '../../tools/stack/free-port.mjs';

describe('NATS users and permissions in the chart and compose', () => {
  it('are generated from libs/contracts/src/nats/topology.json and up to date (node tools/ops/nats-permissions.mjs)', () => {
    expect(staleFiles().map((f) => f.path)).toEqual([]);
  });

  it.each([
    ['dev', [VALUES.dev], [] as string[]],
    ['prod', [VALUES.prod], fixtureSecrets()],
  ])("the %s render's nats.conf is a configuration nats-server accepts, with every user's password from the Secret", (_name, files, sets) => {
    const manifests = render(files, sets);
    const conf = find(manifests, 'ConfigMap', 'fluent-nats-config').data!['nats.conf']!;
    const container = find(manifests, 'StatefulSet', 'fluent-nats').spec.template.spec.containers[0];
    const secret = find(manifests, 'Secret', 'fluent-secrets').data!;
    const env: Record<string, string> = { POD_NAME: 'fluent-nats-0' };
    for (const entry of container.env) {
      if (entry.valueFrom?.secretKeyRef) env[entry.name] = Buffer.from(secret[entry.valueFrom.secretKeyRef.key]!, 'base64').toString();
    }
    for (const user of natsUsers()) expect(env[user.passwordVariable], user.user).toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'fluent-nats-conf-'));
    writeFileSync(join(dir, 'nats.conf'), conf);
    const check = exec(join(BIN, 'nats-server'), ['-c', join(dir, 'nats.conf'), '-t'], env);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    for (const user of natsUsers()) {
      expect(conf).toContain(`user: "${user.user}", password: $${user.passwordVariable}`);
      // Each user's line carries its permissions as the table gives them, denials included.
      const line = conf.split('\n').find((l) => l.includes(`user: "${user.user}"`))!;
      const permissions = conf.split('\n')[conf.split('\n').indexOf(line) + 1]!;
      const list = (subjects: string[]) => `[${subjects.map((s) => `"${s}"`).join(', ')}]`;
      const deny = user.denyPublish ? `, deny: ${list(user.denyPublish)}` : '';
      const responses = user.allowResponses ? ', allow_responses: true' : '';
      expect(permissions.trim().replace(/,$/, ''), user.user).toBe(`permissions: { publish: { allow: ${list(user.publish)}${deny} }, subscribe: { allow: ${list(user.subscribe)} }${responses} } }`);
    }
  });

  it("keep the gateway out of the services' internal requests (a deny in the generated files)", () => {
    const gateway = natsUsers().find((u) => u.user === 'gateway')!;
    expect(gateway.publish).toContain('catalog.>');
    expect(gateway.publish).toContain('feedback.>');
    expect(gateway.denyPublish).toEqual(['catalog.internal.>', 'feedback.internal.>']);
    expect(readFileSync(COMPOSE_NATS_CONFIG, 'utf8')).toContain('deny: ["catalog.internal.>","feedback.internal.>"]');
  });
});


interface Routez {
  num_routes: number;
  routes: { remote_name: string }[];
}

describe("the chart's NATS cluster routes", () => {
  const manifests = render([VALUES.prod], fixtureSecrets());
  const conf = find(manifests, 'ConfigMap', 'fluent-nats-config').data!['nats.conf']!;
  const container = find(manifests, 'StatefulSet', 'fluent-nats').spec.template.spec.containers[0];
  const secret = find(manifests, 'Secret', 'fluent-secrets').data!;
  const env: Record<string, string> = {};
  for (const entry of container.env) {
    if (entry.valueFrom?.secretKeyRef) env[entry.name] = Buffer.from(secret[entry.valueFrom.secretKeyRef.key]!, 'base64').toString();
  }

  it('authenticate: the route URLs carry the route password from the Secret, filled in by Kubernetes', () => {
    expect(conf).toMatch(/authorization \{ user: route, password: \$NATS_ROUTE_PASSWORD, timeout: 2 \}/);
    const routes = (container.args as string[])[(container.args as string[]).indexOf('--routes') + 1]!.split(',');
    expect(routes).toEqual([0, 1, 2].map((i) => `nats://route:$(NATS_ROUTE_PASSWORD)@fluent-nats-${i}.fluent-nats-headless:6222`));
    // Kubernetes expands $(VAR) only for a variable defined earlier in env (or not at all).
    expect(container.env[0]).toMatchObject({ name: 'POD_NAME' });
    expect(container.env[1]).toMatchObject({ name: 'NATS_ROUTE_PASSWORD', valueFrom: { secretKeyRef: { name: 'fluent-secrets', key: 'nats-route-password' } } });
    expect(env.NATS_ROUTE_PASSWORD).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(conf).not.toContain(env.NATS_ROUTE_PASSWORD);
    expect(conf).not.toMatch(/^\s*tls \{/m);
  });

  it('use mutual TLS when the chart is given a certificate Secret', () => {
    const tls = render([VALUES.prod], [...fixtureSecrets(), 'nats.cluster.tls.secretName=fluent-nats-routes-tls']);
    const tlsConf = find(tls, 'ConfigMap', 'fluent-nats-config').data!['nats.conf']!;
    const cluster = tlsConf.slice(tlsConf.indexOf('cluster {'), tlsConf.indexOf('authorization {\n  users'));
    expect(cluster).toMatch(/tls \{\s+cert_file: \/etc\/nats\/cluster-tls\/tls\.crt\s+key_file: \/etc\/nats\/cluster-tls\/tls\.key\s+ca_file: \/etc\/nats\/cluster-tls\/ca\.crt\s+verify: true/);
    const pod = find(tls, 'StatefulSet', 'fluent-nats').spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'cluster-tls', secret: { secretName: 'fluent-nats-routes-tls' } });
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'cluster-tls', mountPath: '/etc/nats/cluster-tls', readOnly: true });
  });

  it('refuse a route password that cannot travel in a URL', () => {
    const run = template([VALUES.prod], [...fixtureSecrets(), 'secrets.values.nats-route-password=with/slash@and:colon1234']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('"nats-route-password" may hold letters and digits only');
  });

  // The rendered configuration and route arguments, run as three servers on loopback, plus a
  // stranger that knows where the cluster listens but not the route password.
  it('form the cluster, and a server without the route password cannot join it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fluent-nats-routes-'));
    const servers = await Promise.all([0, 1, 2, 3, 4].map(async () => ({ client: await freePort(), monitor: await freePort(), cluster: await freePort() })));
    const routes = (container.args as string[])[(container.args as string[]).indexOf('--routes') + 1]!
      .replaceAll('$(NATS_ROUTE_PASSWORD)', env.NATS_ROUTE_PASSWORD!)
      .replace(/fluent-nats-(\d)\.fluent-nats-headless:6222/g, (_m, i: string) => `127.0.0.1:${servers[Number(i)]!.cluster}`);
    const configFor = (i: number, withRoutes: string | null) => {
      const file = join(dir, `nats-${i}.conf`);
      mkdirSync(join(dir, `js-${i}`));
      let text = conf
        .replace('listen: 0.0.0.0:4222', `listen: 127.0.0.1:${servers[i]!.client}`)
        .replace('http: 0.0.0.0:8222', `http: 127.0.0.1:${servers[i]!.monitor}`)
        .replace('listen: 0.0.0.0:6222', `listen: 127.0.0.1:${servers[i]!.cluster}`)
        .replace('pid_file: /tmp/nats.pid', `pid_file: ${join(dir, `nats-${i}.pid`)}`)
        .replace('store_dir: /data/jetstream', `store_dir: ${join(dir, `js-${i}`)}`);
      if (withRoutes === null) text = text.replace(/^\s*authorization \{ user: route.*$/m, '');
      writeFileSync(file, text);
      return file;
    };
    const started: ChildProcess[] = [];
    const run = (i: number, routeArg: string, password: string) => {
      const child = spawn(join(BIN, 'nats-server'), ['--config', configFor(i, i < 3 ? routeArg : null), '--routes', routeArg], {
        env: { ...process.env, ...env, NATS_ROUTE_PASSWORD: password, POD_NAME: `server-${i}` },
        stdio: 'ignore',
      });
      started.push(child);
    };
    const routez = async (i: number): Promise<Routez> => {
      try {
        return (await (await fetch(`http://127.0.0.1:${servers[i]!.monitor}/routez`)).json()) as Routez;
      } catch {
        return { num_routes: 0, routes: [] };
      }
    };
    try {
      for (const i of [0, 1, 2]) run(i, routes, env.NATS_ROUTE_PASSWORD!);
      const cluster0 = `127.0.0.1:${servers[0]!.cluster}`;
      run(3, `nats://${cluster0}`, 'unused'); // no credentials at all
      run(4, `nats://route:wrong${env.NATS_ROUTE_PASSWORD}@${cluster0}`, 'unused'); // the user, a wrong password
      const deadline = Date.now() + 30_000;
      const names = async (i: number) => new Set((await routez(i)).routes.map((r) => r.remote_name));
      while (Date.now() < deadline && !((await names(0)).has('server-1') && (await names(0)).has('server-2') && (await names(1)).has('server-2'))) {
        await new Promise((r) => setTimeout(r, 250));
      }
      // Give the strangers the same time to try (they retry every second).
      await new Promise((r) => setTimeout(r, 3000));
      expect([...(await names(0))].sort()).toEqual(['server-1', 'server-2']);
      expect([...(await names(1))].sort()).toEqual(['server-0', 'server-2']);
      expect((await routez(3)).num_routes).toBe(0);
      expect((await routez(4)).num_routes).toBe(0);
    } finally {
      for (const child of started) child.kill();
    }
  }, 60_000);
});
