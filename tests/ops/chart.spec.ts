import { describe, expect, it } from 'vitest';
import { fixtureSecrets, helm, CHART, template, VALUES } from './support/chart';

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
});
