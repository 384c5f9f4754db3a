import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, natsUsers, render, ROOT, VALUES, workloads, type Manifest } from './support/chart';

const RENDERS: Record<string, Manifest[]> = {
  dev: render([VALUES.dev]),
  prod: render([VALUES.prod], fixtureSecrets()),
};
const APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service'];

describe.each(Object.keys(RENDERS))('%s values: every workload', (name) => {
  const manifests = RENDERS[name]!;

  it.each(workloads(manifests).map((w) => [`${w.manifest.kind}/${w.manifest.metadata.name}`, w] as const))(
    '%s runs non-root, read-only, unprivileged, with resources',
    (_id, { pod }) => {
      const spec = pod.spec;
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(spec.securityContext.runAsUser).toBeGreaterThanOrEqual(10000);
      expect(spec.automountServiceAccountToken).toBe(false);
      for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
        expect(container.securityContext, container.name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          privileged: false,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
        for (const kind of ['requests', 'limits']) {
          expect(container.resources?.[kind]?.cpu, `${container.name} ${kind}.cpu`).toBeTruthy();
          expect(container.resources?.[kind]?.memory, `${container.name} ${kind}.memory`).toBeTruthy();
        }
      }
    },
  );

  it.each(workloads(manifests).filter((w) => w.manifest.kind !== 'Job').map((w) => [`${w.manifest.kind}/${w.manifest.metadata.name}`, w] as const))(
    '%s has liveness and readiness probes',
    (_id, { pod }) => {
      for (const container of pod.spec.containers) {
        expect(container.livenessProbe, container.name).toBeTruthy();
        expect(container.readinessProbe, container.name).toBeTruthy();
      }
    },
  );
});

/** The environment a container gets: its ConfigMaps, literal values with $(VAR) expanded, and Secret keys. */
function containerEnv(manifests: Manifest[], container: any): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) Object.assign(env, find(manifests, 'ConfigMap', source.configMapRef.name).data);
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) env[entry.name] = String(entry.value).replace(/\$\((\w+)\)/g, (_m, v: string) => env[v] ?? '');
    else if (entry.valueFrom?.secretKeyRef) {
      const { name, key, optional } = entry.valueFrom.secretKeyRef;
      const value = find(manifests, 'Secret', name).data?.[key];
      if (value === undefined && !optional) throw new Error(`${container.name}: ${entry.name} names missing Secret key ${key}`);
      if (value !== undefined) env[entry.name] = Buffer.from(value, 'base64').toString('utf8');
    }
  }
  return env;
}

/** Loads an app's own config module (its zod schema and production checks) with this environment. */
function loadAppConfig(app: string, env: Record<string, string>) {
  const script = `require(${JSON.stringify(join(ROOT, 'apps', app, 'dist', 'config.js'))}); require(${JSON.stringify(join(ROOT, 'libs', 'server-kit', 'dist', 'nats.js'))}).natsAuthOptions();`;
  return spawnSync(process.execPath, ['-e', script], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
}

describe.each(Object.keys(RENDERS))('%s values: the apps', (name) => {
  const manifests = RENDERS[name]!;

  it.each(APPS)('%s gets every setting its own config schema requires (it would start)', (app) => {
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    const env = containerEnv(manifests, container);
    const loaded = loadAppConfig(app, env);
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(env.NODE_ENV).toBe(name === 'prod' ? 'production' : 'development');
    // Its NATS user exists in the server's configuration, with the password the server gets.
    const nats = find(manifests, 'StatefulSet', 'fluent-nats').spec.template.spec.containers[0];
    const user = natsUsers().find((u) => u.user === env.NATS_USER);
    expect(user, env.NATS_USER).toBeTruthy();
    expect(containerEnv(manifests, nats)[user!.passwordVariable]).toBe(env.NATS_PASSWORD);
  });

  it('the gateway: liveness on /api/health/live, readiness on /api/health/ready over loopback, traffic on 3000', () => {
    const container = find(manifests, 'Deployment', 'fluent-gateway').spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 3000 });
    expect(container.readinessProbe.exec.command.join(' ')).toContain("fetch('http://127.0.0.1:3000/api/health/ready'");
    expect(containerEnv(manifests, container)).toMatchObject({ GATEWAY_HOST: '0.0.0.0', GATEWAY_PORT: '3000' });
  });

  it.each(APPS.filter((a) => a !== 'gateway'))('%s: probes on its probe server, the port it is told to serve them on', (app) => {
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 8081 });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 8081 });
    expect(containerEnv(manifests, container).HEALTH_PORT).toBe('8081');
  });

  it('autoscales and budgets disruptions for the gateway and every service (prod)', () => {
    if (name !== 'prod') return;
    for (const app of APPS) {
      expect(find(manifests, 'HorizontalPodAutoscaler', `fluent-${app}`).spec.minReplicas, app).toBeGreaterThanOrEqual(2);
      expect(find(manifests, 'PodDisruptionBudget', `fluent-${app}`).spec.minAvailable, app).toBe(1);
      const spread = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.topologySpreadConstraints;
      expect(spread.map((c: { topologyKey: string }) => c.topologyKey)).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    }
    expect(find(manifests, 'StatefulSet', 'fluent-nats').spec.replicas).toBe(3);
    expect(find(manifests, 'StatefulSet', 'fluent-mongodb').spec.replicas).toBe(3);
  });

  it('runs the JetStream setup as a hook Job from an app image, with the setup NATS user', () => {
    const job = find(manifests, 'Job', 'fluent-setup-events');
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('post-install,pre-upgrade');
    const container = job.spec.template.spec.containers[0];
    expect(container.command).toEqual(['node', 'libs/server-kit/dist/setup-events.js']);
    expect(container.image).toMatch(/\/payment-service:/);
    const env = containerEnv(manifests, container);
    expect(env.NATS_USER).toBe('setup');
    expect(env.NATS_PASSWORD).toBe(containerEnv(manifests, find(manifests, 'StatefulSet', 'fluent-nats').spec.template.spec.containers[0]).NATS_PASSWORD_SETUP);
  });

  it('exposes the SPA and /api through the gateway and of Keycloak only /realms/fluent/', () => {
    const paths = find(manifests, 'Ingress', 'fluent').spec.rules[0].http.paths.map(
      (p: { path: string; backend: { service: { name: string } } }) => `${p.path} -> ${p.backend.service.name}`,
    );
    expect(paths).toEqual(['/ -> fluent-gateway', '/realms/fluent/ -> fluent-keycloak']);
  });
});

/**
 * Every flow (source → target:port) the NetworkPolicies admit between the release's pods, the
 * ingress controller and a stranger pod in the namespace.
 */
function admittedFlows(manifests: Manifest[]): string[] {
  const ingressNamespace = 'ingress-nginx';
  const pods = [
    ...workloads(manifests).map(({ manifest, pod }) => ({
      name: pod.metadata.labels['app.kubernetes.io/component'] as string,
      namespace: 'fluent',
      labels: pod.metadata.labels as Record<string, string>,
      ports: pod.spec.containers.flatMap((c: { ports?: { containerPort: number }[] }) => (c.ports ?? []).map((p) => p.containerPort)) as number[],
      kind: manifest.kind,
    })),
    { name: 'ingress-controller', namespace: ingressNamespace, labels: {}, ports: [], kind: 'external' },
    { name: 'stranger', namespace: 'fluent', labels: { app: 'other' }, ports: [], kind: 'external' },
  ];
  const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
  const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
    Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
  const flows = new Set<string>();
  for (const target of pods.filter((p) => p.namespace === 'fluent' && p.kind !== 'external')) {
    const applying = policies.filter((p) => matches(p.spec.podSelector.matchLabels, target.labels));
    expect(applying.length, `${target.name} is selected by a policy (default deny)`).toBeGreaterThan(0);
    for (const source of pods) {
      for (const port of target.ports) {
        const admitted = applying.some((policy) =>
          (policy.spec.ingress ?? []).some(
            (rule: { from: any[]; ports: { port: number }[] }) =>
              rule.ports.some((p) => p.port === port) &&
              rule.from.some((peer) =>
                peer.namespaceSelector
                  ? matches(peer.namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': source.namespace })
                  : source.namespace === 'fluent' && matches(peer.podSelector.matchLabels, source.labels),
              ),
          ),
        );
        if (admitted) flows.add(`${source.name} -> ${target.name}:${port}`);
      }
    }
  }
  return [...flows].sort();
}

describe('NetworkPolicies admit exactly the flows the platform needs', () => {
  const apps = APPS;
  const services = APPS.filter((a) => a !== 'gateway');
  const common = [
    'ingress-controller -> gateway:3000',
    'ingress-controller -> keycloak:8080',
    // Keycloak: auth-service (token endpoint, admin API) and the gateway (the realm's signing keys).
    'auth-service -> keycloak:8080',
    'gateway -> keycloak:8080',
    'keycloak -> keycloak:7800',
    ...[...services, 'mongodb-init', 'mongodb'].map((s) => `${s} -> mongodb:27017`),
    ...[...apps, 'setup-events'].map((s) => `${s} -> nats:4222`),
    'nats -> nats:6222',
  ];

  it('dev: plus Keycloak → its PostgreSQL, payment-service → stripe-mock and the offline webhook', () => {
    expect(admittedFlows(RENDERS.dev!)).toEqual(
      [...common, 'keycloak -> keycloak-postgresql:5432', 'payment-service -> stripe-mock:12111', 'payment-service -> gateway:3000'].sort(),
    );
  });

  it('prod: nothing else (no stranger, and only the services reach MongoDB)', () => {
    expect(admittedFlows(RENDERS.prod!)).toEqual([...common].sort());
  });
});
