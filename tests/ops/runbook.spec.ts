import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSecrets, natsUsers, render, ROOT, VALUES, workloads } from './support/chart';

const RUNBOOK = readFileSync(join(ROOT, 'deploy', 'RUNBOOK.md'), 'utf8');
const KINDS: Record<string, string> = {
  deploy: 'Deployment', deployment: 'Deployment', statefulset: 'StatefulSet', job: 'Job', svc: 'Service',
  service: 'Service', secret: 'Secret', hpa: 'HorizontalPodAutoscaler', configmap: 'ConfigMap',
};
// What the runbook's commands run against: production, and the dev values (stripe-mock).
const manifests = [...render([VALUES.prod], fixtureSecrets()), ...render([VALUES.dev])];
const has = (kind: string, name: string) => manifests.some((m) => m.kind === kind && m.metadata.name === name);

/** Every resource a document's commands name: kind/name, `get <kind> <names>`, `create secret generic <name>`. */
function namedResources(text: string): (readonly [string, string])[] {
  const named = [...text.matchAll(/\b(deploy|deployment|statefulset|job|svc|service|secret|hpa|configmap)\/(fluent-[a-z0-9-]+)/g)].map(
    ([, kind, name]) => [KINDS[kind!]!, name!] as const,
  );
  for (const [, kind, names] of text.matchAll(/\bget (hpa|statefulset|secret|svc|deploy) ((?:fluent-[a-z0-9-]+ ?)+)/g)) {
    for (const name of names!.trim().split(' ')) named.push([KINDS[kind!]!, name]);
  }
  for (const [, name] of text.matchAll(/create secret generic (fluent-[a-z-]+)/g)) named.push(['Secret', name!]);
  return named;
}
const missingResources = (named: (readonly [string, string])[]) => named.filter(([kind, name]) => !has(kind, name)).map(([kind, name]) => `${kind}/${name}`);
const chartComponents = () => new Set(workloads(manifests).map((w) => w.pod.metadata.labels['app.kubernetes.io/component']));
const selectedComponents = (text: string) => [...text.matchAll(/app\.kubernetes\.io\/component=([a-z-]+)/g)].map(([, c]) => c!);

describe('deploy/RUNBOOK.md', () => {
  it('names only resources the chart renders (kind/name, get <kind> <names>)', () => {
    const named = namedResources(RUNBOOK);
    expect(named.length).toBeGreaterThan(20);
    expect(missingResources(named)).toEqual([]);
  });

  it('selects pods by components the chart labels', () => {
    const components = chartComponents();
    const selected = selectedComponents(RUNBOOK);
    expect(selected.length).toBeGreaterThan(2);
    for (const component of selected) expect(components, component).toContain(component);
  });

  it('names Secret keys the chart uses', () => {
    const secretKeys = new Set(Object.keys(manifests.find((m) => m.kind === 'Secret')!.data ?? {}));
    const named = [...RUNBOOK.matchAll(/--from-literal=([a-z-]+)=|jsonpath='\{\.data\.([a-z-]+)\}'|\\"(nats-password-[a-z-]+)\\":/g)].map(([, a, b, c]) => (a ?? b ?? c)!);
    expect(named.length).toBeGreaterThan(10);
    for (const key of named) {
      if (!['google-client-secret', 'health-token'].includes(key) && !key.endsWith('-<app>')) expect(secretKeys, key).toContain(key);
    }
  });

  it('names only JetStream streams and durables of the topology (libs/contracts/src/jetstream-topology.json), each on its own stream', () => {
    const topology = JSON.parse(readFileSync(join(ROOT, 'libs', 'contracts', 'src', 'jetstream-topology.json'), 'utf8'));
    const streams = Object.values(topology.streams as Record<string, { name: string }>).map((s) => s.name);
    const known = new Set([...streams, ...streams.map((s) => `${s}_DEADLETTER`), ...topology.retired.streams, ...topology.retired.deadLetterStreams]);
    const mentioned = [...RUNBOOK.matchAll(/\bFLUENT_[A-Z_]+\b/g)].map(([name]) => name);
    expect(mentioned.length).toBeGreaterThan(10);
    for (const name of mentioned) expect(known, name).toContain(name);
    const durableStream = new Map(
      Object.values(topology.consumers as Record<string, { durable: string; stream: string }>).map((c) => [c.durable, topology.streams[c.stream].name as string]),
    );
    const pairs = [...RUNBOOK.matchAll(/\b(FLUENT_[A-Z_]+?)(?:_DEADLETTER)?[ .]([a-z]+-service-[a-z-]+)\b/g)].map(([, stream, durable]) => [stream!, durable!] as const);
    expect(pairs.length).toBeGreaterThan(3);
    for (const [stream, durable] of pairs) expect(durableStream.get(durable), `${stream} ${durable}`).toBe(stream);
    // The NATS users the runbook connects as exist in the chart's configuration.
    const users = new Set(natsUsers().map((u) => u.user));
    for (const [, user] of RUNBOOK.matchAll(/NATS_USER=([a-z-]+)/g)) expect(users, user).toContain(user);
  });
});

// The operators' page shows kubectl commands of its own: they must run against what the chart makes.
describe('docs/operators.md', () => {
  const OPERATORS = readFileSync(join(ROOT, 'docs', 'operators.md'), 'utf8');

  it('names only resources the chart renders, and selects pods by components it labels', () => {
    const named = namedResources(OPERATORS);
    expect(named.length).toBeGreaterThan(10);
    expect(missingResources(named)).toEqual([]);
    const components = chartComponents();
    const selected = selectedComponents(OPERATORS);
    expect(selected.length).toBeGreaterThan(1);
    for (const component of selected) expect(components, component).toContain(component);
  });
});
