import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, render, ROOT, VALUES } from './support/chart';
import { CONSUMERS, NATS_TOPOLOGY, STREAMS } from '../../libs/contracts/src/nats/permissions.mjs';

const prod = render([VALUES.prod], fixtureSecrets());
const dev = render([VALUES.dev]);
const QUORUM_SETS: [kind: string, name: string, component: string][] = [
  ['StatefulSet', 'fluent-nats', 'nats'],
  ['StatefulSet', 'fluent-mongodb', 'mongodb'],
  ['Deployment', 'fluent-keycloak', 'keycloak'],
];

describe('quorum sets spread for real; apps drain and scale without flapping', () => {
  it.each(QUORUM_SETS)('prod: no two %s/%s members on one node (required anti-affinity on the hostname)', (kind, name, component) => {
    const pod = find(prod, kind, name).spec.template.spec;
    const required = pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    expect(required, 'no required anti-affinity').toHaveLength(1);
    expect(required[0].topologyKey).toBe('kubernetes.io/hostname');
    expect(required[0].labelSelector.matchLabels).toEqual({ 'app.kubernetes.io/instance': 'fluent', 'app.kubernetes.io/component': component });
    expect(find(prod, kind, name).spec.template.metadata.labels['app.kubernetes.io/component']).toBe(component);
  });

  it('dev (one node, one member each): no required anti-affinity anywhere', () => {
    const hard = dev.filter((m) => m.spec?.template?.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    expect(hard.map((m) => m.metadata.name)).toEqual([]);
  });

  it('app and LanguageTool PDBs let one pod go at a time (maxUnavailable 1), whatever the replica count', () => {
    const pdbs = prod.filter((m) => m.kind === 'PodDisruptionBudget' && !['fluent-nats', 'fluent-mongodb', 'fluent-keycloak'].includes(m.metadata.name));
    expect(pdbs.map((p) => p.metadata.name).sort()).toEqual(
      ['auth-service', 'blog-service', 'catalog-service', 'feedback-service', 'gateway', 'languagetool', 'payment-service'].map((a) => `fluent-${a}`),
    );
    for (const pdb of pdbs) expect(pdb.spec, pdb.metadata.name).toMatchObject({ maxUnavailable: 1 });
    for (const pdb of pdbs) expect(pdb.spec.minAvailable, pdb.metadata.name).toBeUndefined();
  });

  it('every HPA has a behavior: up at once, down one pod a minute after 5 minutes', () => {
    const hpas = prod.filter((m) => m.kind === 'HorizontalPodAutoscaler');
    expect(hpas).toHaveLength(6);
    for (const hpa of hpas) {
      const behavior = hpa.spec.behavior;
      expect(behavior, hpa.metadata.name).toBeDefined();
      expect(behavior.scaleDown.stabilizationWindowSeconds).toBeGreaterThanOrEqual(300);
      expect(behavior.scaleDown.policies).toEqual([{ type: 'Pods', value: 1, periodSeconds: 60 }]);
      expect(behavior.scaleUp.stabilizationWindowSeconds).toBe(0);
    }
  });
});

describe('LanguageTool scaled on the feedback backlog (KEDA, optional)', () => {
  const manifests = render([VALUES.prod], [...fixtureSecrets(), 'languagetool.keda.enabled=true']);
  const topology: ReturnType<typeof JSON.parse> = { streams: STREAMS, consumers: CONSUMERS };

  it("scales the LanguageTool Deployment on feedback-service's consumer of FLUENT_ATTEMPTS, read from the chart's NATS monitoring port", () => {
    const scaled = find(manifests, 'ScaledObject', 'fluent-languagetool').spec;
    const deployment = find(manifests, 'Deployment', scaled.scaleTargetRef.name);
    expect(deployment.spec.replicas, 'the Deployment must leave the count to KEDA').toBeUndefined();
    expect(scaled.minReplicaCount).toBe(2);
    const [trigger] = scaled.triggers;
    expect(trigger.type).toBe('nats-jetstream');
    const consumer = Object.values(topology.consumers as Record<string, { durable: string; stream: string }>).find((c) => c.durable === trigger.metadata.consumer);
    expect(consumer, `no consumer ${trigger.metadata.consumer}`).toBeDefined();
    expect(topology.streams[consumer!.stream].name).toBe(trigger.metadata.stream);
    expect(trigger.metadata.consumer).toBe('feedback-service-attempts');
    const [host, port] = trigger.metadata.natsServerMonitoringEndpoint.split(':');
    // The headless Service: KEDA asks the consumer's leader at <server name>.<host>, and the servers are named after their pods.
    expect(host).toBe('fluent-nats-headless.fluent.svc.cluster.local');
    expect(find(manifests, 'StatefulSet', 'fluent-nats').spec.serviceName).toBe('fluent-nats-headless');
    expect(find(manifests, 'Service', 'fluent-nats-headless').spec.ports.find((p: { port: number }) => p.port === Number(port)).name).toBe('monitor');
  });

  it("KEDA's namespace may reach NATS's monitoring port, and nothing else of NATS", () => {
    const policy = find(manifests, 'NetworkPolicy', 'fluent-nats-keda').spec;
    expect(policy.podSelector.matchLabels['app.kubernetes.io/component']).toBe('nats');
    expect(policy.ingress).toEqual([{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'keda' } } }], ports: [{ protocol: 'TCP', port: 8222 }] }]);
  });

  it('is off by default (a fixed LanguageTool count)', () => {
    expect(prod.filter((m) => m.kind === 'ScaledObject')).toEqual([]);
    expect(find(prod, 'Deployment', 'fluent-languagetool').spec.replicas).toBe(2);
  });
});
