import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureSecrets, KUBE_VERSION, ROOT, template, VALUES, venvToolAsync } from './support/chart';

/** Checks we skip, each with the reason it does not apply (tests/ops/checkov-skips.json). */
const SKIPS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'tests', 'ops', 'checkov-skips.json'), 'utf8'));

/** checkov over five renders: about 40 s on a quiet 2-core machine, several times that under load. */
const CHECKER_MS = 400_000;

const renders: Record<string, string> = {};
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'fluent-ops-'));
  for (const [name, files, sets] of [
    ['dev', [VALUES.dev], []],
    ['prod', [VALUES.prod], fixtureSecrets()],
    ['prod-external', [VALUES.prod], [...fixtureSecrets(), 'mongodb.internal=false', 'secrets.values.mongodb-uri=mongodb://fluent:fixture@db.example.internal/fluent?replicaSet=rs0', 'nats.internal=false', 'nats.url=nats://nats.example.internal:4222', 'jetstreamSetup.replicas=3', 'languagetool.internal=false', 'languagetool.url=http://languagetool.tools:8010', 'metrics.serviceMonitor.enabled=false', 'networkPolicies.egress.external.mongodb={10.1.0.0/24}', 'networkPolicies.egress.external.nats={10.2.0.0/24}', 'networkPolicies.egress.external.languagetool={10.3.0.0/24}']],
    ['prod-backup-pvc', [VALUES.prod], [...fixtureSecrets(), 'backup.mongodb.enabled=true', 'backup.keycloak.enabled=true']],
    ['prod-backup-s3', [VALUES.prod], [...fixtureSecrets(), 'backup.mongodb.enabled=true', 'backup.keycloak.enabled=true', 'backup.target=s3', 'backup.s3.bucket=fluent-backups', 'backup.s3.cidrs={10.9.0.0/16}', 'secrets.values.backup-s3-access-key-id=fixtureAccessKey', 'secrets.values.backup-s3-secret-access-key=fixtureSecretAccessKey0123456789']],
  ] as const) {
    const run = template([...files], [...sets]);
    if (run.status !== 0) throw new Error(run.stderr);
    renders[name] = join(dir, `${name}.yaml`);
    writeFileSync(renders[name], run.stdout);
  }
});

describe('the rendered manifests', () => {
  it('validate against the Kubernetes schemas (strict: no unknown fields)', async () => {
    const run = await venvToolAsync('kubernetes-validate', ['--strict', '--quiet', '-k', KUBE_VERSION, ...Object.values(renders)]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/ERROR|did not validate/);
  }, CHECKER_MS);

  it('pass checkov with no failed check; every skipped check has a written reason', async () => {
    for (const [id, reason] of Object.entries(SKIPS)) expect(reason.length, id).toBeGreaterThan(40);
    const run = await venvToolAsync('checkov', [
      ...Object.values(renders).flatMap((file) => ['-f', file]),
      '--framework', 'kubernetes', '--quiet', '--compact', '--output', 'json',
      '--skip-check', Object.keys(SKIPS).join(','),
    ]);
    const reports = [JSON.parse(run.stdout)].flat() as { summary: { failed: number; passed: number }; results: { failed_checks: { check_id: string; resource: string }[] } }[];
    const failed = reports.flatMap((r) => r.results?.failed_checks ?? []).map((c) => `${c.check_id} ${c.resource}`);
    expect(failed).toEqual([]);
    expect(reports.reduce((n, r) => n + r.summary.passed, 0)).toBeGreaterThan(500);
    expect(run.status).toBe(0);
  }, CHECKER_MS);
});
