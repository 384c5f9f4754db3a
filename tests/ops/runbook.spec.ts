import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSecrets, natsUsers, render, ROOT, VALUES, workloads } from './support/chart';
import { CONSUMERS, NATS_TOPOLOGY, STREAMS } from '../../libs/contracts/src/nats/permissions.mjs';

/**
 * The runbook with its one-line shell loops written out (`for d in a b; do k scale deploy/fluent-$d …; done`
 * becomes one command per item), so the checks below see every name a loop builds.
 */
export function expandLoops(text: string): string {
  return text.replace(/^for (\w+) in ([a-z0-9 -]+); do ([^\n]+?); done$/gm, (_, variable: string, items: string, body: string) =>
    items
      .trim()
      .split(/\s+/)
      .map((item) => body.replaceAll(`$${variable}`, item))
      .join('\n'),
  );
}
const RUNBOOK = expandLoops(readFileSync(join(ROOT, 'deploy', 'RUNBOOK.md'), 'utf8'));
/** GitHub's anchors for the runbook's headings (lower case, punctuation dropped, spaces to hyphens). */
function headingAnchors(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) =>
      heading!.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-'),
    ),
  );
}
/** The runbook's bash blocks, loops written out. */
const BLOCKS = [...RUNBOOK.matchAll(/```bash\n([\s\S]*?)```/g)].map(([, body]) => body!);
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

  it('runs commands in containers the named workload has (exec/logs <kind>/<name> -c <container>)', () => {
    const named = [...RUNBOOK.matchAll(/\b(?:exec|logs)(?: -i| -it| -f)* (deploy|statefulset|job)\/(fluent-[a-z0-9-]+) -c ([a-z-]+)/g)];
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const [command, kind, name, container] of named) {
      const workload = manifests.find((m) => m.kind === KINDS[kind!] && m.metadata.name === name);
      expect(workload, command).toBeDefined();
      expect(workload!.spec.template.spec.containers.map((c: { name: string }) => c.name), command).toContain(container);
    }
  });

  it('scales back by hand every Deployment a procedure scales to 0 (an HPA never scales up from 0), to its HPA minimum', () => {
    let stopped = 0;
    for (const block of BLOCKS) {
      const commands = block.split('\n');
      commands.forEach((line, index) => {
        for (const [, name] of line.matchAll(/scale deploy\/(fluent-[a-z0-9-]+) --replicas=0\b/g)) {
          stopped++;
          const back = commands
            .slice(index + 1)
            .flatMap((later) => [...later.matchAll(new RegExp(`scale deploy/${name} --replicas=(\\$\\([^)]*\\)|\\S+)`, 'g'))].map(([, count]) => count!));
          expect(back, `${name} is scaled to 0 and never back`).not.toEqual([]);
          const count = back.at(-1)!;
          const fromHpa = count.match(/^\$\(k get hpa (fluent-[a-z0-9-]+) -o jsonpath='\{\.spec\.minReplicas\}'\)$/);
          if (fromHpa) {
            expect(fromHpa[1], `${name} is scaled back to another HPA's minimum`).toBe(name);
            expect(has('HorizontalPodAutoscaler', name!), `${name} has no HPA`).toBe(true);
          } else expect(Number(count), `${name} --replicas=${count}`).toBeGreaterThanOrEqual(1);
        }
      });
    }
    expect(stopped).toBeGreaterThanOrEqual(5);
  });

  it('indexes every alert of the PrometheusRule, and each alert links a section the runbook has', () => {
    const [rule] = render([VALUES.prod], [...fixtureSecrets(), 'metrics.prometheusRule.enabled=true']).filter((m) => m.kind === 'PrometheusRule');
    const alerts: { alert: string; annotations: { runbook_url: string } }[] = rule!.spec.groups.flatMap((g: { rules: unknown[] }) => g.rules);
    expect(alerts.length).toBeGreaterThan(5);
    const anchors = headingAnchors(RUNBOOK);
    const index = RUNBOOK.slice(RUNBOOK.indexOf('## Alerts'));
    for (const { alert, annotations } of alerts) {
      expect(index, alert).toMatch(new RegExp(`^\\| \`${alert}\` \\|.*\\]\\(#([a-z0-9-]+)\\) \\|$`, 'm'));
      const anchor = annotations.runbook_url.split('#')[1]!;
      expect(anchors, `${alert} links #${anchor}`).toContain(anchor);
    }
  });

  it('links only sections it has (#anchors)', () => {
    const anchors = headingAnchors(RUNBOOK);
    const links = [...RUNBOOK.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map(([, anchor]) => anchor!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((anchor) => !anchors.has(anchor))).toEqual([]);
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

  it('names only JetStream streams and durables of the topology (libs/contracts/src/nats/topology.json), each on its own stream', () => {
    // Loosely typed, as the runbook names them: streams by key, durables with their stream's key.
    const topology: ReturnType<typeof JSON.parse> = { streams: STREAMS, consumers: CONSUMERS, retired: NATS_TOPOLOGY.retired };
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
