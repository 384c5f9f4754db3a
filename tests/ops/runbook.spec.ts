import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSecrets, render, ROOT, VALUES, workloads } from './support/chart';

const RUNBOOK = readFileSync(join(ROOT, 'deploy', 'RUNBOOK.md'), 'utf8');
const KINDS: Record<string, string> = {
  deploy: 'Deployment', deployment: 'Deployment', statefulset: 'StatefulSet', job: 'Job', svc: 'Service',
  service: 'Service', secret: 'Secret', hpa: 'HorizontalPodAutoscaler', configmap: 'ConfigMap',
};
// What the runbook's commands run against: production, and the dev values (stripe-mock).
const manifests = [...render([VALUES.prod], fixtureSecrets()), ...render([VALUES.dev])];
const has = (kind: string, name: string) => manifests.some((m) => m.kind === kind && m.metadata.name === name);

describe('deploy/RUNBOOK.md', () => {
  it('names only resources the chart renders (kind/name, get <kind> <names>)', () => {
    const named = [...RUNBOOK.matchAll(/\b(deploy|deployment|statefulset|job|svc|service|secret|hpa|configmap)\/(fluent-[a-z0-9-]+)/g)].map(
      ([, kind, name]) => [KINDS[kind!]!, name!] as const,
    );
    for (const [, kind, names] of RUNBOOK.matchAll(/\bget (hpa|statefulset|secret|svc|deploy) ((?:fluent-[a-z0-9-]+ ?)+)/g)) {
      for (const name of names!.trim().split(' ')) named.push([KINDS[kind!]!, name]);
    }
    for (const [, name] of RUNBOOK.matchAll(/create secret generic (fluent-[a-z-]+)/g)) named.push(['Secret', name!]);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter(([kind, name]) => !has(kind, name)).map(([kind, name]) => `${kind}/${name}`);
    expect(missing).toEqual([]);
  });

  it('selects pods by components the chart labels', () => {
    const components = new Set(workloads(manifests).map((w) => w.pod.metadata.labels['app.kubernetes.io/component']));
    const selected = [...RUNBOOK.matchAll(/app\.kubernetes\.io\/component=([a-z-]+)/g)].map(([, c]) => c!);
    expect(selected.length).toBeGreaterThan(2);
    for (const component of selected) expect(components, component).toContain(component);
  });

  it('names Secret keys the chart uses, and JetStream durables the services declare', () => {
    const secretKeys = new Set(Object.keys(manifests.find((m) => m.kind === 'Secret')!.data ?? {}));
    for (const [, key] of RUNBOOK.matchAll(/--from-literal=([a-z-]+)=/g)) {
      if (!key!.startsWith('nats-password-') && !['google-client-secret', 'health-token'].includes(key!)) expect(secretKeys, key).toContain(key);
    }
    const topology = readFileSync(join(ROOT, 'libs', 'server-kit', 'src', 'event-topology.ts'), 'utf8');
    for (const [, durable] of RUNBOOK.matchAll(/FLUENT_EVENTS (\S+-service-[a-z-]+)/g)) expect(topology, durable).toContain(`'${durable}'`);
  });
});
