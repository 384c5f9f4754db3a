import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSE_NATS_CONFIG, staleFiles } from '../../tools/ops/nats-permissions.mjs';
import { BIN } from '../../tools/stack/paths.mjs';
import { exec, find, fixtureSecrets, natsUsers, render, VALUES } from './support/chart';

describe('NATS users and permissions in the chart and compose', () => {
  it('are generated from tools/stack/nats-auth.mjs and up to date (node tools/ops/nats-permissions.mjs)', () => {
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
    expect(gateway.denyPublish).toEqual(['catalog.internal.>']);
    expect(readFileSync(COMPOSE_NATS_CONFIG, 'utf8')).toContain('deny: ["catalog.internal.>"]');
  });
});
