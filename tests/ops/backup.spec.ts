import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, render, template, VALUES, type Manifest } from './support/chart';

const BOTH = ['backup.mongodb.enabled=true', 'backup.keycloak.enabled=true', 'backup.mongodb.keep=3', 'backup.keycloak.keep=3'];
const S3 = ['backup.target=s3', 'backup.s3.bucket=fluent-backups', 'backup.s3.endpoint=https://minio.example.internal:9000', 'backup.s3.port=9000', 'backup.s3.cidrs={10.9.0.0/16}'];
const S3_SECRETS = ['secrets.values.backup-s3-access-key-id=fixtureAccessKey', 'secrets.values.backup-s3-secret-access-key=fixtureSecretAccessKey0123456789'];

const cronJob = (manifests: Manifest[], name: string) => find(manifests, 'CronJob', `fluent-${name}`).spec.jobTemplate.spec.template.spec;
const envOf = (container: { env: { name: string; value?: string }[] }) => Object.fromEntries(container.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]));

/**
 * Runs the CronJobs' script (from the rendered ConfigMap) with real sh, ls, sort, rm and stand-ins
 * for the dump tools and the aws CLI on PATH (no database, no bucket here): `date` gives one stamp
 * a run, `mongodump`/`pg_dump` write their file or fail, `aws` keeps a "bucket" in a directory.
 */
function sandbox(script: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fluent-backup-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const tool = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  tool('date', `n=$(cat "${dir}/clock" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "${dir}/clock"; printf '202601%02dT021500Z\\n' "$n"`);
  tool('mongodump', `for a; do case $a in --archive=*) out=\${a#--archive=};; esac; done
[ -n "\${FAIL:-}" ] && { echo partial > "$out"; exit 1; }
case "$*" in *--oplog*) ;; *) exit 3;; esac
echo dump > "$out"`);
  tool('pg_dump', `for a; do case $a in --file=*) echo dump > "\${a#--file=}";; esac; done`);
  // aws s3 cp <file> s3://bucket/key | s3 rm s3://bucket/key | s3api list-objects-v2 … --prefix p: keys tab-separated
  tool('aws', `[ "$1" = --endpoint-url ] && shift 2
bucket="${dir}/bucket"; mkdir -p "$bucket"
case "$1 $2" in
  "s3 cp") mkdir -p "$bucket/$(dirname "\${4#s3://*/}")"; cp "$3" "$bucket/\${4#s3://*/}";;
  "s3 rm") rm "$bucket/\${3#s3://*/}";;
  "s3api list-objects-v2") p=$(echo "$*" | sed 's/.*--prefix \\([^ ]*\\).*/\\1/'); (cd "$bucket" && ls -1 "$p" 2>/dev/null | sed "s|^|$p|") | tr '\\n' '\\t'; echo;;
esac`);
  writeFileSync(join(dir, 'backup.sh'), script);
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync('sh', [join(dir, 'backup.sh'), ...args], { encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin`, ...env } });
  return { dir, run };
}

describe('backups: optional CronJobs for MongoDB and Keycloak\'s PostgreSQL, with retention', () => {
  it('are off by default', () => {
    const manifests = render([VALUES.prod], fixtureSecrets());
    expect(manifests.filter((m) => m.kind === 'CronJob')).toEqual([]);
  });

  it('dump MongoDB with mongodump --oplog from a secondary of the set, and Keycloak with pg_dump, to the backup volume', () => {
    const manifests = render([VALUES.prod], [...fixtureSecrets(), ...BOTH]);
    const mongo = cronJob(manifests, 'mongodb-backup');
    expect(mongo.containers[0].command).toEqual(['sh', '/scripts/backup.sh', 'dump', 'mongodb']);
    expect(envOf(mongo.containers[0]).MONGODB_BACKUP_URI).toMatch(/@fluent-mongodb-0\.fluent-mongodb-headless:27017,.*\/\?replicaSet=rs0&authSource=admin&readPreference=secondaryPreferred$/);
    expect(find(manifests, 'CronJob', 'fluent-mongodb-backup').spec.jobTemplate.spec.template.metadata.labels['fluent.io/mongodb-client']).toBe('true');
    const keycloak = cronJob(manifests, 'keycloak-backup');
    // values-prod.yaml: an external PostgreSQL.
    expect(envOf(keycloak.containers[0])).toMatchObject({ PGHOST: 'keycloak-db.example.internal', PGDATABASE: 'keycloak', PGUSER: 'keycloak', KEEP: '3' });
    for (const job of [mongo, keycloak]) expect(job.volumes.find((v: { name: string }) => v.name === 'backup').persistentVolumeClaim.claimName).toBe('fluent-backup');
    expect(find(manifests, 'PersistentVolumeClaim', 'fluent-backup').metadata.annotations!['helm.sh/resource-policy']).toBe('keep');
    const egress = find(manifests, 'NetworkPolicy', 'fluent-keycloak-backup-egress').spec.egress[0];
    expect(egress.to).toEqual([{ ipBlock: { cidr: '10.20.30.0/24' } }]);
  });

  it('keep the newest dumps on the volume, and a failed dump leaves no file and removes none', () => {
    const manifests = render([VALUES.prod], [...fixtureSecrets(), ...BOTH]);
    const { dir, run } = sandbox(find(manifests, 'ConfigMap', 'fluent-backup').data!['backup.sh']!);
    const env = { ...envOf(cronJob(manifests, 'mongodb-backup').containers[0]), BACKUP_DIR: join(dir, 'backup', 'mongodb') };
    for (let i = 0; i < 5; i++) {
      const dumped = run(['dump', 'mongodb'], env);
      expect(dumped.status, dumped.stderr).toBe(0);
    }
    expect(readdirSync(env.BACKUP_DIR)).toEqual(['fluent-mongodb-20260103T021500Z.archive.gz', 'fluent-mongodb-20260104T021500Z.archive.gz', 'fluent-mongodb-20260105T021500Z.archive.gz']);
    const failed = run(['dump', 'mongodb'], { ...env, FAIL: '1' });
    expect(failed.status).not.toBe(0);
    expect(readdirSync(env.BACKUP_DIR)).toHaveLength(3);
    expect(readdirSync(env.BACKUP_DIR).some((f) => f.endsWith('.partial'))).toBe(false);
    const pg = { ...envOf(cronJob(manifests, 'keycloak-backup').containers[0]), BACKUP_DIR: join(dir, 'backup', 'keycloak') };
    for (let i = 0; i < 4; i++) expect(run(['dump', 'keycloak'], pg).status).toBe(0);
    expect(readdirSync(pg.BACKUP_DIR)).toHaveLength(3);
    // The MongoDB dumps are left alone by the Keycloak retention.
    expect(readdirSync(env.BACKUP_DIR)).toHaveLength(3);
  });

  it('with target s3: dump to scratch, copy to the bucket, keep the newest there; egress only to the bucket\'s range', () => {
    const manifests = render([VALUES.prod], [...fixtureSecrets(), ...S3_SECRETS, ...BOTH, ...S3]);
    const job = cronJob(manifests, 'mongodb-backup');
    expect(job.initContainers.map((c: { name: string }) => c.name)).toEqual(['dump']);
    expect(job.containers[0].command).toEqual(['sh', '/scripts/backup.sh', 's3', 'mongodb']);
    expect(job.volumes.find((v: { name: string }) => v.name === 'backup').emptyDir).toBeDefined();
    const upload = job.containers[0];
    expect(upload.env.find((e: { name: string }) => e.name === 'AWS_SECRET_ACCESS_KEY').valueFrom.secretKeyRef.key).toBe('backup-s3-secret-access-key');
    const policy = find(manifests, 'NetworkPolicy', 'fluent-backup-egress-s3').spec.egress[0];
    expect(policy).toEqual({ to: [{ ipBlock: { cidr: '10.9.0.0/16' } }], ports: [{ protocol: 'TCP', port: 9000 }] });

    const { dir, run } = sandbox(find(manifests, 'ConfigMap', 'fluent-backup').data!['backup.sh']!);
    const env = { ...envOf(job.initContainers[0]), ...envOf(upload), BACKUP_DIR: join(dir, 'scratch') };
    for (let i = 0; i < 5; i++) {
      // Each run is a new pod: a fresh scratch volume with one dump.
      spawnSync('rm', ['-rf', env.BACKUP_DIR]);
      const dumped = run(['dump', 'mongodb'], env);
      expect(dumped.status, dumped.stderr).toBe(0);
      const copied = run(['s3', 'mongodb'], env);
      expect(copied.status, copied.stderr).toBe(0);
    }
    const kept = readdirSync(join(dir, 'bucket', 'fluent', 'mongodb'));
    expect(kept).toEqual(['fluent-mongodb-20260103T021500Z.archive.gz', 'fluent-mongodb-20260104T021500Z.archive.gz', 'fluent-mongodb-20260105T021500Z.archive.gz']);
    expect(existsSync(join(dir, 'bucket', 'fluent', 'mongodb', 'fluent-mongodb-20260101T021500Z.archive.gz'))).toBe(false);
    expect(readFileSync(join(dir, 'bucket', 'fluent', 'mongodb', kept[2]!), 'utf8')).toBe('dump\n');
  });

  it('refuse an s3 target without its bucket or address range, and a MongoDB backup of an external MongoDB', () => {
    expect(template([VALUES.prod], [...fixtureSecrets(), ...S3_SECRETS, ...BOTH, 'backup.target=s3', 'backup.s3.bucket=b']).stderr).toContain('backup.s3.cidrs is required');
    expect(template([VALUES.prod], [...fixtureSecrets(), ...BOTH, 'backup.target=s3', 'backup.s3.cidrs={10.9.0.0/16}', 'backup.s3.bucket=b']).stderr).toContain('backup-s3-access-key-id');
    expect(template([VALUES.prod], [...fixtureSecrets(), 'backup.mongodb.enabled=true', 'mongodb.internal=false', 'secrets.values.mongodb-uri=mongodb://x:y@db.example.internal/fluent', 'networkPolicies.egress.external.mongodb={10.1.0.0/24}']).stderr).toContain('backup.mongodb is for the chart\'s MongoDB');
  });
});
