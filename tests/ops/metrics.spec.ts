import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, render, ROOT, VALUES, type Manifest } from './support/chart';

const APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];
const manifests = render([VALUES.prod], [
  ...fixtureSecrets(),
  'metrics.serviceMonitor.enabled=true', 'metrics.prometheusRule.enabled=true', 'metrics.grafanaDashboard.enabled=true',
]);

/**
 * The metric names the apps register with prom-client, read from their code (not a second list):
 * `new Histogram|Counter|Gauge({ name: 'fluent_…' })` and server-kit's consumer gauges. A histogram
 * is exported as _bucket, _count and _sum.
 */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (entry === 'node_modules') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.spec.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const [, kind, name] of text.matchAll(/new (Histogram|Counter|Gauge)\(\{\s*name: '(fluent_[a-z0-9_]+)'/g)) {
          if (kind === 'Histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
          else names.add(name!);
        }
        for (const [, name] of text.matchAll(/consumerGauge\(\s*'(fluent_[a-z0-9_]+)'/g)) names.add(name!);
      }
    }
  };
  walk(join(ROOT, 'apps'));
  walk(join(ROOT, 'libs'));
  return names;
}
const EXPORTED = exportedMetrics();
const metricNames = (expr: string) => [...expr.matchAll(/\b(fluent_[a-z0-9_]+)\b/g)].map(([, name]) => name!);

/** The port an app serves /metrics on, as its code reads it: the gateway's METRICS_PORT (apps/gateway/src/main.ts), a service's HEALTH_PORT. */
function metricsPortFromSettings(app: string): number | undefined {
  const config = find(manifests, 'ConfigMap', `fluent-${app}-config`).data!;
  const value = app === 'gateway' ? config.METRICS_PORT : config.HEALTH_PORT;
  return value === undefined ? undefined : Number(value);
}

describe('metrics reach Prometheus: every app on a named port the NetworkPolicy admits', () => {
  it('the code exports the metrics the README lists (the reading of names works)', () => {
    expect(EXPORTED).toContain('fluent_http_request_duration_seconds_count');
    expect(EXPORTED).toContain('fluent_jetstream_consumer_pending');
    expect(EXPORTED).toContain('fluent_payment_events_applied_total');
  });

  it.each(APPS)('%s: its Service port `metrics` leads to the port its code serves /metrics on, never the public port', (app) => {
    const port = metricsPortFromSettings(app);
    expect(port, 'the app is never told a metrics port').toBeDefined();
    const service = find(manifests, 'Service', `fluent-${app}`);
    const metrics = service.spec.ports.find((p: { name: string }) => p.name === 'metrics');
    expect(metrics, 'no Service port named metrics').toBeDefined();
    expect(metrics.targetPort).toBe(port);
    const container = find(manifests, 'Deployment', `fluent-${app}`).spec.template.spec.containers[0];
    expect(container.ports.map((p: { containerPort: number }) => p.containerPort)).toContain(port);
    const publicPort = container.ports.find((p: { name: string }) => p.name === 'http')?.containerPort;
    expect(port).not.toBe(publicPort);
  });

  it('the ServiceMonitor scrapes the `metrics` port of every app, and only it', () => {
    const monitor = find(manifests, 'ServiceMonitor', 'fluent');
    expect(monitor.spec.endpoints.map((e: { port: string }) => e.port)).toEqual(['metrics']);
  });

  it('the monitoring namespace may reach each app on its metrics port, and not on the public port', () => {
    const policy = find(manifests, 'NetworkPolicy', 'fluent-metrics');
    const rule = policy.spec.ingress[0];
    expect(rule.from[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name']).toBe('monitoring');
    const ports = rule.ports.map((p: { port: number | string }) => Number(p.port));
    for (const app of APPS) expect(ports).toContain(metricsPortFromSettings(app));
    expect(ports).not.toContain(3000);
  });
});

describe('the alerts and the dashboard use metrics the apps export', () => {
  const rule = find(manifests, 'PrometheusRule', 'fluent');
  const alerts: { alert: string; expr: string; annotations: Record<string, string> }[] = rule.spec.groups.flatMap((g: { rules: unknown[] }) => g.rules);

  it("ships the README's alerts as a PrometheusRule", () => {
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      'FluentConsumerBacklog', 'FluentConsumerFallingBehind', 'FluentDeadLetters', 'FluentHighErrorRate',
      'FluentPaymentNotApplied', 'FluentServiceNotAnswering', 'FluentSlowApiRoute',
    ]);
  });

  it.each(['FluentConsumerBacklog', 'FluentConsumerFallingBehind', 'FluentDeadLetters', 'FluentHighErrorRate', 'FluentPaymentNotApplied', 'FluentServiceNotAnswering', 'FluentSlowApiRoute'])(
    '%s names only metrics an app exports',
    (name) => {
      const alert = alerts.find((a) => a.alert === name)!;
      const names = metricNames(alert.expr);
      expect(names.length).toBeGreaterThan(0);
      for (const metric of names) expect(EXPORTED, `${name}: ${metric}`).toContain(metric);
    },
  );

  it('the Grafana dashboard covers requests, p95 by route, JetStream backlog, dead letters, payments applied and feedback latency, from exported metrics', () => {
    const configMap: Manifest = find(manifests, 'ConfigMap', 'fluent-grafana-dashboard');
    expect(configMap.metadata.labels!.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse(configMap.data!['fluent.json']!);
    const titles = dashboard.panels.map((p: { title: string }) => p.title.toLowerCase()).join(' | ');
    for (const topic of ['requests', 'p95 latency by route', 'jetstream backlog', 'dead letters', 'payments applied', 'feedback latency']) expect(titles).toContain(topic);
    const exprs: string[] = dashboard.panels.flatMap((p: { targets: { expr: string }[] }) => p.targets.map((t) => t.expr));
    for (const expr of exprs) for (const metric of metricNames(expr)) expect(EXPORTED, metric).toContain(metric);
  });
});
