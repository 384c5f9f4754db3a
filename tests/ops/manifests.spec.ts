import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYCLOAK_OPTIONS } from '../../tools/stack/components.mjs';
import { find, fixtureSecrets, natsUsers, render, ROOT, template, VALUES, workloads, type Manifest } from './support/chart';
import { passwordEntrancesAroundTheGateway } from './support/realm';
import { freePort } from '../../tools/stack/free-port.mjs';

const RENDERS: Record<string, Manifest[]> = {
  dev: render([VALUES.dev]),
  prod: render([VALUES.prod], fixtureSecrets()),
};
const APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];

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
  const script = `require(${JSON.stringify(join(ROOT, 'apps', app, 'dist', 'config.js'))}); require(${JSON.stringify(join(ROOT, 'libs', 'server-kit', 'dist', 'index.js'))}).natsAuthOptions();`;
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

  it("starts Keycloak with the stack's options, concurrent sign-ins of one account allowed only because no password check gets around the gateway", () => {
    const container = find(manifests, 'Deployment', 'fluent-keycloak').spec.template.spec.containers[0];
    expect(KEYCLOAK_OPTIONS.length).toBeGreaterThan(0);
    expect(container.args).toEqual(expect.arrayContaining(KEYCLOAK_OPTIONS));
    // allow-concurrent-requests switches off Keycloak's guard against parallel guesses. It stays
    // only while nothing outside reaches a password check: the realm has no password form and no
    // public client taking passwords, and the Ingress routes neither the token endpoint nor
    // login-actions/authenticate (nor anything but the paths listed below) to Keycloak.
    expect(passwordEntrancesAroundTheGateway()).toEqual([]);
    const keycloakPaths = find(manifests, 'Ingress', 'fluent')
      .spec.rules[0].http.paths.filter((p: { backend: { service: { name: string } } }) => p.backend.service.name === 'fluent-keycloak')
      .map((p: { path: string; pathType: string }) => p);
    expect(keycloakPaths.length).toBeGreaterThan(0);
    for (const { path, pathType } of keycloakPaths) {
      expect(pathType, path).toBe('Exact');
      expect(path).not.toMatch(/\/token|login-actions\/authenticate|\/account|\/admin/);
    }
  });

  it('the gateway: liveness on /api/health/live, readiness on /api/health/ready over loopback, traffic on 3000', () => {
    const container = find(manifests, 'Deployment', 'fluent-gateway').spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 3000 });
    expect(container.readinessProbe.exec.command.join(' ')).toContain("fetch('http://127.0.0.1:3000/api/health/ready'");
    expect(containerEnv(manifests, container)).toMatchObject({ GATEWAY_HOST: '0.0.0.0', GATEWAY_PORT: '3000' });
  });

  // The probe command itself, run against a stand-in for the gateway's readiness route.
  it("the gateway's readiness follows its own NATS connection, not LanguageTool's or another dependency's outage", async () => {
    const [command, ...args] = find(manifests, 'Deployment', 'fluent-gateway').spec.template.spec.containers[0].readinessProbe.exec.command as string[];
    const probe = async (status: number | 'closed', report?: object): Promise<number | null> => {
      const port = await freePort();
      const server = createHttpServer((req, res) => {
        expect(req.url).toBe('/api/health/ready');
        res.writeHead(status as number, { 'content-type': 'application/json' }).end(JSON.stringify(report));
      });
      if (status !== 'closed') await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      try {
        const script = args.map((a) => a.replace('127.0.0.1:3000', `127.0.0.1:${port}`));
        return await new Promise((resolve) => spawn(command!, script, { stdio: 'ignore' }).on('exit', resolve));
      } finally {
        server.close();
      }
    };
    const report = (down: string[]) => ({
      status: down.length ? 'error' : 'ok',
      components: Object.fromEntries(['nats', 'auth-service', 'feedback-service', 'languagetool', 'stripe'].map((c) => [c, down.includes(c) ? 'down' : 'up'])),
      failing: down,
    });
    expect(await probe(200, report([]))).toBe(0);
    expect(await probe(503, report(['languagetool']))).toBe(0);
    expect(await probe(503, report(['feedback-service', 'stripe']))).toBe(0);
    expect(await probe(503, report(['nats', 'auth-service']))).toBe(1);
    expect(await probe(404, { message: 'Cannot GET /api/health/ready' })).toBe(1);
    expect(await probe('closed')).toBe(1);
  });

  it.each(APPS.filter((a) => a !== 'gateway'))('%s: probes on its probe server, the port it is told to serve them on', (app) => {
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 8081 });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 8081 });
    expect(containerEnv(manifests, container).HEALTH_PORT).toBe('8081');
  });

  // A dev cluster (values-dev.yaml): one replica of each, nothing that assumes several nodes.
  it.runIf(name === 'dev')('runs one replica of the gateway and every service, with no autoscaler, disruption budget or spread (dev)', () => {
    const ofApps = (kind: string) => manifests.filter((m) => m.kind === kind && APPS.includes(m.metadata.name.replace(/^fluent-/, ''))).map((m) => m.metadata.name);
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler')).toEqual([]);
    // (The data stores keep theirs: a budget for one replica of NATS, MongoDB and Keycloak.)
    expect(ofApps('PodDisruptionBudget')).toEqual([]);
    for (const app of APPS) {
      const deployment = find(manifests, 'Deployment', `fluent-${app}`);
      expect(deployment.spec.replicas, app).toBe(1);
      expect(deployment.spec.template.spec.topologySpreadConstraints, app).toBeUndefined();
    }
    expect(find(manifests, 'StatefulSet', 'fluent-nats').spec.replicas).toBe(1);
    expect(find(manifests, 'StatefulSet', 'fluent-mongodb').spec.replicas).toBe(1);
  });

  it.runIf(name === 'prod')('autoscales and budgets disruptions for the gateway and every service (prod)', () => {
    for (const app of APPS) {
      expect(find(manifests, 'HorizontalPodAutoscaler', `fluent-${app}`).spec.minReplicas, app).toBeGreaterThanOrEqual(2);
      // One pod at a time (#44): with at least two replicas, one always serves.
      expect(find(manifests, 'PodDisruptionBudget', `fluent-${app}`).spec.maxUnavailable, app).toBe(1);
      const spread = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.topologySpreadConstraints;
      expect(spread.map((c: { topologyKey: string }) => c.topologyKey)).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    }
    expect(find(manifests, 'StatefulSet', 'fluent-nats').spec.replicas).toBe(3);
    expect(find(manifests, 'StatefulSet', 'fluent-mongodb').spec.replicas).toBe(3);
  });

  it('runs apps/jetstream-setup from its own image as a hook Job, with the jetstream-setup NATS user and its settings', () => {
    const job = find(manifests, 'Job', 'fluent-jetstream-setup');
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toMatch(/\/jetstream-setup:/);
    // The path the image's build puts the app at (docker/Dockerfile copies apps/<APP>/dist to /app).
    expect(container.command).toEqual(['node', 'apps/jetstream-setup/dist/main.js']);
    expect(existsSync(join(ROOT, container.command[1]))).toBe(true);
    const env = containerEnv(manifests, container);
    expect(env.NATS_USER).toBe('jetstream-setup');
    expect(env.NATS_PASSWORD).toBe(containerEnv(manifests, find(manifests, 'StatefulSet', 'fluent-nats').spec.template.spec.containers[0]).NATS_PASSWORD_JETSTREAM_SETUP);
    // One copy per server up to three: the NATS cluster of the values.
    expect(env.JETSTREAM_REPLICAS).toBe(String(Math.min(3, find(manifests, 'StatefulSet', 'fluent-nats').spec.replicas)));
    // The app's own configuration module accepts it (as it would start).
    const loaded = loadAppConfig('jetstream-setup', env);
    expect(loaded.status, loaded.stderr).toBe(0);
  });

  it('LanguageTool: probes that load the English rules before it is started, resources from the bench, a Service on 8010 that feedback-service is pointed at', () => {
    const deployment = find(manifests, 'Deployment', 'fluent-languagetool');
    const container = deployment.spec.template.spec.containers[0];
    expect(container.image).toMatch(/\/languagetool:/);
    expect(container.args).toEqual(['--port', '8010']);
    expect(container.startupProbe.httpGet.path).toMatch(/^\/v2\/check\?language=en-GB&text=\S+/);
    expect(container.startupProbe.timeoutSeconds * container.startupProbe.failureThreshold).toBeGreaterThanOrEqual(180);
    expect(container.readinessProbe.httpGet.path).toMatch(/^\/v2\/check\?/);
    expect(container.livenessProbe.httpGet.path).toBe('/v2/languages');
    // bench/LANGUAGETOOL.md: 353–430 MiB resident with a 256 MiB heap.
    expect(container.env).toContainEqual({ name: 'JDK_JAVA_OPTIONS', value: '-Xmx256m -XX:-UsePerfData -Duser.home=/tmp' });
    expect(container.resources.requests.memory).toBe('512Mi');
    expect(container.resources.limits.memory).toBe('768Mi');
    const service = find(manifests, 'Service', 'fluent-languagetool');
    expect(service.spec.ports).toEqual([{ name: 'http', port: 8010, targetPort: 'http' }]);
    const feedback = find(manifests, 'Deployment', 'fluent-feedback-service').spec.template.spec.containers[0];
    expect(containerEnv(manifests, feedback).LANGUAGETOOL_URL).toBe('http://fluent-languagetool:8010');
  });

  it('feedback-service: the masked language model its image holds is on, with its memory, two cores for its two threads and a budget', () => {
    const container = find(manifests, 'Deployment', 'fluent-feedback-service').spec.template.spec.containers[0];
    const env = containerEnv(manifests, container);
    expect(env.MASKED_LM_ENABLED).toBe('true');
    // Harper's 512Mi/1Gi plus about 1 GiB for the model (MLM-EXPERIMENT.md, Cost).
    expect(container.resources.requests.memory).toBe('1536Mi');
    expect(container.resources.limits.memory).toBe('2Gi');
    // One thread a core of the limit: more threads would only be throttled.
    expect(env.MASKED_LM_THREADS).toBe(String(Number(container.resources.limits.cpu)));
    expect(env.MASKED_LM_BUDGET_MS).toBe('20000');
    // The image sets MASKED_LM_DIR (docker/Dockerfile); the chart must not point it elsewhere.
    expect(env).not.toHaveProperty('MASKED_LM_DIR');
  });

  it("gives auth-service and catalog-service the learner caches' settings", () => {
    for (const app of ['auth-service', 'catalog-service']) {
      const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
      expect(containerEnv(manifests, container), app).toMatchObject({ LEARNER_CACHE_SIZE: '10000', LEARNER_CACHE_TTL_MS: '60000' });
    }
  });

  it("exposes the SPA and /api through the gateway and of Keycloak only the five paths of Google sign-in's round trip, each exactly", () => {
    const paths = find(manifests, 'Ingress', 'fluent').spec.rules[0].http.paths.map(
      (p: { path: string; pathType: string; backend: { service: { name: string } } }) => `${p.pathType} ${p.path} -> ${p.backend.service.name}`,
    );
    expect(paths).toEqual([
      'Prefix / -> fluent-gateway',
      // The gateway sends the browser here (kc_idp_hint=google); the realm's browser flow has no password form.
      'Exact /realms/fluent/protocol/openid-connect/auth -> fluent-keycloak',
      // Keycloak 26's redirector answers with this hop of its own, which redirects to Google.
      'Exact /realms/fluent/broker/google/login -> fluent-keycloak',
      // Google's redirect back; Keycloak exchanges Google's code itself.
      'Exact /realms/fluent/broker/google/endpoint -> fluent-keycloak',
      // A first Google sign-in: the first-broker-login flow, then back to the gateway's callback.
      'Exact /realms/fluent/login-actions/first-broker-login -> fluent-keycloak',
      'Exact /realms/fluent/broker/after-first-broker-login -> fluent-keycloak',
    ]);
  });
});

describe("the Ingress never routes to Keycloak's password checks, its token endpoint or its administration", () => {
  it.each([
    '/admin/', '/realms/master/', '/realms/fluent/', '/realms/fluent/protocol/openid-connect/token', '/realms/fluent/protocol/openid-connect/',
    '/realms/fluent/login-actions/', '/realms/fluent/login-actions/authenticate', '/',
  ])('refuses keycloak.extraPublicPaths=%s', (path) => {
    const run = template([VALUES.prod], [...fixtureSecrets(), `keycloak.extraPublicPaths={${path}}`]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`keycloak.extraPublicPaths may not expose ${path}`);
  });

  it("adds an operator's harmless extra path (Keycloak's static styles) as a prefix", () => {
    const paths = find(render([VALUES.prod], [...fixtureSecrets(), 'keycloak.extraPublicPaths={/resources/}']), 'Ingress', 'fluent').spec.rules[0].http.paths;
    expect(paths.at(-1)).toEqual({ path: '/resources/', pathType: 'Prefix', backend: { service: { name: 'fluent-keycloak', port: { name: 'http' } } } });
  });
});

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}

/** A Kubernetes label selector, matchExpressions included. */
function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  return (
    Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) =>
      operator === 'In' ? values.includes(labels[key]!) : operator === 'NotIn' ? !values.includes(labels[key]!) : operator === 'Exists' ? key in labels : !(key in labels),
    )
  );
}

/** The policies of these types that select a pod; [] means the pod is unrestricted in that direction. */
const policiesFor = (policies: Manifest[], type: 'Ingress' | 'Egress', labels: Record<string, string>) =>
  policies.filter((p) => (p.spec.policyTypes as string[]).includes(type) && selects(p.spec.podSelector, labels));

const peerMatches = (peer: Peer, pod: { namespace: string; labels: Record<string, string> }, policyNamespace = 'fluent') =>
  !peer.ipBlock &&
  (peer.namespaceSelector ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': pod.namespace }) : pod.namespace === policyNamespace) &&
  (!peer.podSelector || selects(peer.podSelector, pod.labels));

/**
 * Every flow (source → target:port) the NetworkPolicies admit between the release's pods, the
 * ingress controller, the cluster's DNS and a stranger pod in the namespace: admitted at the target
 * (ingress) and, for a pod of the release, at the source too (egress). Flows out of the cluster
 * (ipBlock) are listed as `source -> <cidr>:port`.
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
    { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ports: [53], kind: 'external' },
  ];
  const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
  const released = (pod: (typeof pods)[number]) => pod.namespace === 'fluent' && pod.kind !== 'external';
  const flows = new Set<string>();
  const egressAllows = (source: (typeof pods)[number], target: (typeof pods)[number], port: number) => {
    if (!released(source)) return true;
    const applying = policiesFor(policies, 'Egress', source.labels);
    expect(applying.length, `${source.name}: egress is denied by default`).toBeGreaterThan(0);
    return applying.some((policy) =>
      (policy.spec.egress ?? []).some(
        (rule: { to: Peer[]; ports?: { port: number }[] }) => (!rule.ports || rule.ports.some((p) => p.port === port)) && rule.to.some((peer) => peerMatches(peer, target)),
      ),
    );
  };
  for (const target of pods.filter((p) => released(p) || p.name === 'kube-dns')) {
    const applying = policiesFor(policies, 'Ingress', target.labels);
    if (released(target)) expect(applying.length, `${target.name} is selected by a policy (default deny)`).toBeGreaterThan(0);
    for (const source of pods) {
      for (const port of target.ports) {
        const ingressAllows =
          !released(target) ||
          applying.some((policy) =>
            (policy.spec.ingress ?? []).some(
              (rule: { from: Peer[]; ports: { port: number }[] }) => rule.ports.some((p) => p.port === port) && rule.from.some((peer) => peerMatches(peer, source)),
            ),
          );
        if (ingressAllows && egressAllows(source, target, port) && (released(source) || released(target))) flows.add(`${source.name} -> ${target.name}:${port}`);
      }
    }
  }
  for (const source of pods.filter(released)) {
    for (const policy of policiesFor(policies, 'Egress', source.labels)) {
      for (const rule of (policy.spec.egress ?? []) as { to: Peer[]; ports?: { port: number }[] }[]) {
        for (const peer of rule.to.filter((p) => p.ipBlock)) {
          const except = peer.ipBlock!.except?.length ? ` except ${peer.ipBlock!.except.join(' ')}` : '';
          flows.add(`${source.name} -> ${peer.ipBlock!.cidr}${except}:${rule.ports?.map((p) => p.port).join(',') ?? 'any'}`);
        }
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
    ...[...apps, 'jetstream-setup'].map((s) => `${s} -> nats:4222`),
    'nats -> nats:6222',
    // LanguageTool: feedback-service alone.
    'feedback-service -> languagetool:8010',
  ];
  // The cluster's DNS: every pod of the release but LanguageTool (it reaches nothing).
  const dns = (manifests: Manifest[]) =>
    workloads(manifests)
      .map((w) => w.pod.metadata.labels['app.kubernetes.io/component'] as string)
      .filter((c) => c !== 'languagetool')
      .flatMap((c) => [`${c} -> kube-dns:53`]);

  it('dev: plus Keycloak → its PostgreSQL, payment-service → stripe-mock and the offline webhook; nothing leaves the cluster', () => {
    expect(admittedFlows(RENDERS.dev!)).toEqual(
      [...new Set([...common, ...dns(RENDERS.dev!), 'keycloak -> keycloak-postgresql:5432', 'payment-service -> stripe-mock:12111', 'payment-service -> gateway:3000'])].sort(),
    );
  });

  it('prod: nothing else (no stranger, and only the services reach MongoDB); out of the cluster only payment-service and Keycloak on 443, and Keycloak to its database', () => {
    expect(admittedFlows(RENDERS.prod!)).toEqual(
      [
        ...new Set([
          ...common,
          ...dns(RENDERS.prod!),
          // Stripe (live payments) and Google (Keycloak brokers the sign-in): values-prod.yaml's ranges.
          'payment-service -> 0.0.0.0/0 except 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16:443',
          'keycloak -> 0.0.0.0/0 except 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16:443',
          'keycloak -> 10.20.30.0/24:any',
        ]),
      ].sort(),
    );
  });

  it('egress: denied by default for every pod, outside ranges none unless given, LanguageTool reaches nothing at all', () => {
    const manifests = render([VALUES.prod], [...fixtureSecrets(), 'networkPolicies.egress.outside.cidrs=null']);
    const flows = admittedFlows(manifests);
    expect(flows.filter((f) => /-> \d/.test(f))).toEqual(['keycloak -> 10.20.30.0/24:any']);
    expect(flows.filter((f) => f.startsWith('languagetool '))).toEqual([]);
    const deny = find(manifests, 'NetworkPolicy', 'fluent-default-deny').spec;
    expect(deny).toEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'fluent' } }, policyTypes: ['Ingress', 'Egress'] });
  });

  it.each([
    ['mongodb', ['mongodb.internal=false', 'secrets.values.mongodb-uri=mongodb://u:p@db.example.internal/fluent']],
    ['nats', ['nats.internal=false', 'nats.url=nats://nats.example.internal:4222', 'jetstreamSetup.replicas=3']],
    ['keycloakDatabase', ['networkPolicies.egress.external.keycloakDatabase=null']],
  ])('egress: an external %s needs its address range, and only its clients get it', (name, sets) => {
    const missing = template([VALUES.prod], [...fixtureSecrets(), ...sets]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain(`networkPolicies.egress.external.${name} is required`);
    if (name === 'keycloakDatabase') return;
    const flows = admittedFlows(render([VALUES.prod], [...fixtureSecrets(), ...sets, `networkPolicies.egress.external.${name}={192.0.2.0/24}`]));
    const clients = flows.filter((f) => f.includes('192.0.2.0/24')).map((f) => f.split(' ')[0]).sort();
    const expected = name === 'mongodb' ? services : [...apps, 'jetstream-setup'];
    expect(clients).toEqual(expected.sort());
  });

  it('with an external LanguageTool: no LanguageTool of ours, and feedback-service is pointed at that one', () => {
    const manifests = render([VALUES.prod], [
      ...fixtureSecrets(),
      'languagetool.internal=false',
      'languagetool.url=http://languagetool.tools:8010',
      'networkPolicies.egress.external.languagetool={10.96.0.0/12}',
    ]);
    expect(manifests.some((m) => m.metadata.name === 'fluent-languagetool')).toBe(false);
    expect(admittedFlows(manifests).filter((f) => !/kube-dns|-> \d/.test(f))).toEqual(common.filter((f) => !f.includes('languagetool')).sort());
    // Only feedback-service may reach the external one.
    expect(admittedFlows(manifests).filter((f) => f.includes('10.96.0.0/12'))).toEqual(['feedback-service -> 10.96.0.0/12:any']);
    const feedback = find(manifests, 'Deployment', 'fluent-feedback-service').spec.template.spec.containers[0];
    expect(containerEnv(manifests, feedback).LANGUAGETOOL_URL).toBe('http://languagetool.tools:8010');
    expect(template([VALUES.prod], [...fixtureSecrets(), 'languagetool.internal=false', 'networkPolicies.egress.external.languagetool={10.96.0.0/12}']).stderr).toContain('languagetool.url is required');
  });
});


describe('the probes the chart points at are served by the apps', () => {
  const manifests = RENDERS.prod!;

  // Each service, started from its build with the chart's environment (HEALTH_PORT moved to a free
  // port: 8081 may be taken here) and its database and NATS unreachable, must answer liveness at
  // once and refuse readiness: what lets Kubernetes start it and keep traffic off it until it is up.
  it.each(APPS.filter((a) => a !== 'gateway'))('%s answers its liveness and readiness probes before NATS and its database are reachable', async (app) => {
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    const port = await freePort();
    const env = { ...containerEnv(manifests, container), HEALTH_PORT: String(port), NATS_URL: 'nats://127.0.0.1:9', MONGODB_URI: 'mongodb://127.0.0.1:9/fluent?serverSelectionTimeoutMS=500' };
    const child = spawn(process.execPath, [join(ROOT, 'apps', app, 'dist', 'main.js')], { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
    try {
      const ask = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(1000) })).status;
      let live: number | undefined;
      for (let tries = 0; tries < 100 && live === undefined; tries += 1) {
        live = await ask(container.livenessProbe.httpGet.path).catch(() => undefined);
        if (live === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(live, `${app} never served ${container.livenessProbe.httpGet.path} on HEALTH_PORT`).toBe(200);
      expect(await ask(container.readinessProbe.httpGet.path)).toBe(503);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

/** The apps whose configuration reads the premium price (its zod schemas, in libs/premium-access). */
function appsReadingThePrice(): string[] {
  const reads = /\b(premiumPriceConfigSchema|paymentConsumerConfigSchema|PREMIUM_PRICE_CENTS)\b/;
  return APPS.filter((app) => {
    const config = join(ROOT, 'apps', app, 'src', 'config.ts');
    return existsSync(config) && reads.test(readFileSync(config, 'utf8'));
  });
}

describe('the premium price: one chart value (premium.priceCents, premium.currency)', () => {
  it('is rendered into every app that reads PREMIUM_PRICE_CENTS, the same for each', () => {
    const readers = appsReadingThePrice();
    expect(readers).toEqual(['auth-service', 'catalog-service', 'payment-service']);
    const manifests = render([VALUES.prod], [...fixtureSecrets(), 'premium.priceCents=2999', 'premium.currency=eur']);
    for (const app of readers) {
      const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
      expect(containerEnv(manifests, container), app).toMatchObject({ PREMIUM_PRICE_CENTS: '2999', PREMIUM_CURRENCY: 'eur' });
    }
  });
});
