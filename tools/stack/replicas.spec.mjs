import { describe, expect, it } from 'vitest';
import { appComponents } from './components.mjs';
import { getProfile, METRICS_APPS, metricsEnvironment } from './profiles.mjs';
import { gatewayReplicaPort, parseReplicaName, parseReplicas, replicaMetricsEnvironment, replicaName, replicaPortPlan } from './replicas.mjs';
import { tempProfile } from './testing.mjs';

const APPS = [...METRICS_APPS];

describe('replica port planning', () => {
  it.each([
    ['default ports', { gateway: 3000, metrics: 9464 }],
    // A checkout whose whole port block is moved, as each worktree's .env does on a shared machine.
    ['a moved port block', { gateway: 30300, nats: 30305, natsMonitor: 30310, mongo: 30315, postgres: 30320, keycloak: 30325, keycloakManagement: 30330, stripe: 30335, stripeHttps: 30340, languagetool: 30345, metrics: 30350 }],
  ])('gives every replica of every app ports no other process of the stack, or of the tests, takes (%s)', (_, ports) => {
    const profile = tempProfile('test', ports);
    try {
      for (const replicas of [2, 3, 4]) {
        const plan = replicaPortPlan(profile, replicas);
        // Gateways: one HTTP port each; replicas 2…N of six apps: one metrics port each.
        expect(plan.size).toBe(replicas + APPS.length * (replicas - 1));
        const taken = new Set([
          ...Object.values(profile.ports),
          ...APPS.map((app) => Number(Object.values(metricsEnvironment(profile, app))[0])),
          // Tests' and the bench's own extra gateways (tests/support/stack.ts, load-tests/bench).
          ...[56, 57, 58, 59, 61, 62, 63, 64].map((offset) => profile.ports.gateway + offset),
        ]);
        for (const [port, what] of plan) expect(taken.has(port), `${what} on ${port}`).toBe(false);
      }
    } finally {
      profile.cleanup();
    }
  });

  it('keeps replica 1 on the ports the app has without replicas, and moves every other replica', () => {
    const profile = getProfile('dev');
    for (const app of APPS) expect(replicaMetricsEnvironment(profile, app, 1)).toEqual(metricsEnvironment(profile, app));
    expect(replicaMetricsEnvironment(profile, 'catalog-service', 2)).toEqual({ HEALTH_PORT: String(profile.ports.gateway + 82), HEALTH_HOST: '127.0.0.1' });
    expect(replicaMetricsEnvironment(profile, 'gateway', 3)).toEqual({ METRICS_PORT: String(profile.ports.gateway + 86), METRICS_HOST: '127.0.0.1' });
    expect(gatewayReplicaPort(profile, 1)).toBe(profile.ports.gateway + 71);
    expect(replicaPortPlan(profile, 1).size).toBe(0);
  });
});

describe('replica names and the --replicas option', () => {
  it('names replica 1 after the app and the others with a number, and reads them back', () => {
    expect(replicaName('catalog-service', 1)).toBe('catalog-service');
    expect(replicaName('catalog-service', 2)).toBe('catalog-service-2');
    expect(parseReplicaName('catalog-service-2', APPS)).toEqual({ app: 'catalog-service', replica: 2 });
    expect(parseReplicaName('gateway', APPS)).toEqual({ app: 'gateway', replica: 1 });
    // Not an app's replica: a component whose own name ends in a number.
    expect(parseReplicaName('postgres-15', APPS)).toEqual({ app: 'postgres-15', replica: 1 });
  });

  it('takes 1 to 4 replicas and refuses anything else with a message', () => {
    expect(parseReplicas(undefined)).toBe(1);
    expect(parseReplicas('2')).toBe(2);
    for (const bad of ['0', '5', '1.5', 'two', '']) expect(() => parseReplicas(bad)).toThrow(/--replicas takes a whole number from 1 to 4/);
  });

  it('starts each service N times, then N gateways, then the balancer in front of them', () => {
    expect(appComponents(1).map((c) => c.name)).toEqual(['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service', 'gateway']);
    const two = appComponents(2).map((c) => c.name);
    expect(two).toEqual([
      'auth-service', 'auth-service-2', 'catalog-service', 'catalog-service-2', 'payment-service', 'payment-service-2',
      'blog-service', 'blog-service-2', 'feedback-service', 'feedback-service-2', 'gateway', 'gateway-2', 'balancer',
    ]);
  });

  it('puts each gateway replica on its planned port and the balancer on the gateway port, in front of them all', () => {
    const profile = tempProfile('test', { gateway: 4100, metrics: 4200 });
    try {
      const byName = Object.fromEntries(appComponents(2).map((c) => [c.name, c.spec(profile)]));
      expect(byName.gateway?.env?.GATEWAY_PORT).toBe('4171');
      expect(byName['gateway-2']?.env?.GATEWAY_PORT).toBe('4172');
      expect(byName['gateway-2']?.env?.METRICS_PORT).toBe('4180');
      expect(byName['catalog-service-2']?.env?.HEALTH_PORT).toBe('4182');
      expect(byName.balancer?.env).toMatchObject({ FLUENT_BALANCER_LISTEN: '127.0.0.1:4100', FLUENT_BALANCER_BACKENDS: '127.0.0.1:4171,127.0.0.1:4172' });
      // Every one under the local supervisor, named as state.json and its log will name it.
      expect(byName['catalog-service-2']?.args.slice(1, 2)).toEqual(['catalog-service-2']);
      // Without replicas, the one gateway keeps the profile's port.
      expect(appComponents(1).find((c) => c.name === 'gateway')?.spec(profile).env?.GATEWAY_PORT).toBe('4100');
    } finally {
      profile.cleanup();
    }
  });
});
