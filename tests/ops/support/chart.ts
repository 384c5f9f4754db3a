import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { helmBin, venvBin } from '../../../tools/ops/install.mjs';
import { ROOT } from '../../../tools/stack/paths.mjs';

export { ROOT };
export const CHART = join(ROOT, 'helm', 'fluent');
export const RELEASE = 'fluent';
export const NAMESPACE = 'fluent';
/** The Kubernetes version the chart is rendered and validated for (helm built from source defaults to 1.20). */
export const KUBE_VERSION = '1.33.0';
export const VALUES = {
  dev: join(ROOT, 'deploy', 'values-dev.yaml'),
  prod: join(ROOT, 'deploy', 'values-prod.yaml'),
};

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function exec(command: string, args: string[], env: Record<string, string> = {}): Run {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * exec without blocking the test worker: a checker that runs for minutes on a loaded machine
 * (checkov) would otherwise keep vitest's worker from answering its own runner, which gives up
 * with "Timeout calling onTaskUpdate" and fails the run though every test passed.
 */
export function execAsync(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

export const helm = (args: string[]) => exec(helmBin(), args);
export const venvTool = (tool: string, args: string[]) => exec(venvBin(tool), args);
export const venvToolAsync = (tool: string, args: string[]) => execAsync(venvBin(tool), args);

/** `helm template` of the chart with these values files and --set flags (`upgrade`: as an upgrade renders it). */
export function template(valuesFiles: string[], sets: string[] = [], options: { upgrade?: boolean } = {}): Run {
  return helm([
    'template', RELEASE, CHART, '--namespace', NAMESPACE, '--kube-version', KUBE_VERSION,
    ...(options.upgrade ? ['--is-upgrade'] : []),
    ...valuesFiles.flatMap((file) => ['-f', file]),
    ...sets.flatMap((set) => ['--set', set]),
  ]);
}

/** Renders and parses; throws with helm's message when the render fails. */
export function render(valuesFiles: string[], sets: string[] = [], options: { upgrade?: boolean } = {}): Manifest[] {
  const run = template(valuesFiles, sets, options);
  if (run.status !== 0) throw new Error(`helm template failed: ${run.stderr}`);
  return parseAllDocuments(run.stdout)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((m): m is Manifest => !!m);
}

export function find(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} among ${manifests.map((m) => `${m.kind}/${m.metadata.name}`).join(', ')}`);
  return found;
}

/** Everything that runs pods, with its pod template. */
export function workloads(manifests: Manifest[]): { manifest: Manifest; pod: any }[] {
  return manifests
    .filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind))
    .map((manifest) => ({ manifest, pod: manifest.spec.template }));
}

/** The NATS users the chart templates (files/nats-permissions.json). */
export function natsUsers(): { user: string; passwordVariable: string; publish: string[]; denyPublish?: string[]; subscribe: string[]; allowResponses?: boolean }[] {
  return JSON.parse(readFileSync(join(CHART, 'files', 'nats-permissions.json'), 'utf8')).users;
}

/** The apps with a database, each its own MongoDB user (values.yaml, apps.<name>.mongodbCollections). */
export const MONGODB_APPS = ['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];

/**
 * --set flags that give the chart every production secret in-line (instead of values-prod.yaml's
 * existingSecret), with fixture values: long, random-looking, none a known default.
 */
export function fixtureSecrets(): string[] {
  const keys = [
    ...natsUsers().map(({ user }) => `nats-password-${user}`),
    'keycloak-web-client-secret', 'keycloak-auth-client-secret', 'keycloak-admin-password', 'keycloak-db-password',
    'mongodb-root-password', 'mongodb-keyfile', 'stripe-webhook-secret', 'nats-route-password',
    ...MONGODB_APPS.map((app) => `mongodb-password-${app}`),
  ];
  return [
    'secrets.existingSecret=',
    ...keys.map((key) => `secrets.values.${key}=fixture${createHash('sha256').update(key).digest('hex').slice(0, 24)}`),
    'secrets.values.stripe-secret-key=sk_test_opsFixtureNotARealKey',
    'secrets.values.stripe-publishable-key=pk_test_opsFixtureNotARealKey',
  ];
}
