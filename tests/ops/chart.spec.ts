import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, helm, CHART, render, template, VALUES } from './support/chart';

describe('helm/fluent', () => {
  it.each([
    ['deploy/values-dev.yaml', [VALUES.dev]],
    ['deploy/values-prod.yaml', [VALUES.prod]],
  ])('passes helm lint --strict with %s', (_name, files) => {
    const run = helm(['lint', CHART, '--strict', ...files.flatMap((f) => ['-f', f])]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it.each([
    ['deploy/values-dev.yaml', [VALUES.dev], []],
    ['deploy/values-prod.yaml (existingSecret)', [VALUES.prod], []],
    ['deploy/values-prod.yaml with the secrets given in values', [VALUES.prod], fixtureSecrets()],
  ])('renders with %s', (_name, files, sets) => {
    const run = template(files, sets);
    expect(run.status, run.stderr).toBe(0);
  });

  it('fails without the required secrets, naming one, unless the dev values are used', () => {
    const run = template([], ['publicOrigin=https://fluent.example.com', 'trustProxy=10.0.0.0/8']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/secret "[a-z-]+" is required: set secrets\.values\.[a-z-]+ .*or secrets\.existingSecret/);
  });

  it('fails when one production secret is missing, and names it', () => {
    const sets = fixtureSecrets().filter((s) => !s.startsWith('secrets.values.stripe-webhook-secret='));
    const run = template([VALUES.prod], sets);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('secret "stripe-webhook-secret" is required');
  });

  it('refuses a development default of the code as a secret value', () => {
    const sets = [...fixtureSecrets(), 'secrets.values.keycloak-web-client-secret=fluent-web-dev-secret'];
    const run = template([VALUES.prod], sets);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('secret "keycloak-web-client-secret" is a well-known development value');
  });

  it('refuses offline payments (test cards) with NODE_ENV=production', () => {
    const run = template([VALUES.dev], ['common.env.NODE_ENV=production']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('payments.mode=offline accepts test cards');
  });

  it('refuses to guess the trusted proxy range or the public origin', () => {
    const noProxy = template([VALUES.prod], [...fixtureSecrets(), 'trustProxy=']);
    expect(noProxy.stderr).toContain('TRUST_PROXY is required');
    const noOrigin = template([VALUES.prod], [...fixtureSecrets(), 'publicOrigin=']);
    expect(noOrigin.stderr).toContain('publicOrigin is required');
  });

  it("gives the gateway a school's trusted ranges and factor (exam-day runbook), and refuses a range that is not one", () => {
    const gatewayEnv = (sets: string[]) => {
      const manifests = render([VALUES.prod], [...fixtureSecrets(), ...sets]);
      const container = find(manifests, 'Deployment', 'fluent-gateway').spec.template.spec.containers[0];
      const env: Record<string, string> = {};
      for (const source of container.envFrom ?? []) Object.assign(env, find(manifests, 'ConfigMap', source.configMapRef.name).data);
      for (const entry of container.env ?? []) if (entry.value !== undefined) env[entry.name] = String(entry.value);
      return env;
    };
    expect(gatewayEnv([])).toMatchObject({ RATE_LIMIT_TRUSTED_RANGES: '', RATE_LIMIT_TRUSTED_FACTOR: '10' });
    expect(gatewayEnv(['rateLimits.trustedRanges={203.0.113.0/24,2001:db8:5::/48}', 'rateLimits.trustedFactor=30'])).toMatchObject({
      RATE_LIMIT_TRUSTED_RANGES: '203.0.113.0/24,2001:db8:5::/48',
      RATE_LIMIT_TRUSTED_FACTOR: '30',
    });
    const notARange = template([VALUES.prod], [...fixtureSecrets(), 'rateLimits.trustedRanges={school-network}']);
    expect(notARange.status).not.toBe(0);
    expect(notARange.stderr).toContain('trustedRanges');
  });
});
