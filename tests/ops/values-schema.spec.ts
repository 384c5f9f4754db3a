import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART, fixtureSecrets, template, VALUES } from './support/chart';

const prod = (sets: string[]) => template([VALUES.prod], [...fixtureSecrets(), ...sets]);

/** The schema node for a dotted path of values (`apps.<any>.…` through additionalProperties). */
interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
}
function schemaAt(path: string[]): SchemaNode | undefined {
  let node: SchemaNode = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8'));
  for (const key of path) {
    if (node.properties?.[key]) node = node.properties[key];
    else if (node.additionalProperties && typeof node.additionalProperties === 'object') node = node.additionalProperties;
    else return undefined;
  }
  return node;
}

describe('values.schema.json: a typo or a wrong type fails helm template instead of being ignored', () => {
  it.each([
    ['nats.replica=5', "at '/nats': additional properties 'replica' not allowed"],
    ['apps.gateway.autoscalling.enabled=false', "at '/apps/gateway': additional properties 'autoscalling' not allowed"],
    ['keycloak.replicas=two', "at '/keycloak/replicas': got string, want integer"],
    ['payments.mode=test', "at '/payments/mode'"],
    ['jetstreamSetup.when=always', "at '/jetstreamSetup/when'"],
    ['nats.replicas=4', "at '/nats/replicas'"],
    ['mongodb.replicas=2', "at '/mongodb/replicas'"],
    ['mongodb.replicaSetname=rs1', "additional properties 'replicaSetname' not allowed"],
    ['apps.gateway.clients={nats,redis}', "at '/apps/gateway/clients/1'"],
  ])('--set %s fails: %s', (set, message) => {
    const run = prod([set]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(message);
  });

  it.each(['nats.replicas=5', 'mongodb.replicas=5', 'keycloak.replicas=3', 'payments.mode=live', 'jetstreamSetup.when=afterRollout'])('--set %s renders', (set) => {
    const run = prod([set]);
    expect(run.stderr).not.toContain('values don');
    expect(run.status, run.stderr).toBe(0);
  });

  it('describes every value the templates read (.Values.<path> and each app\'s $app.<key>)', () => {
    const templates = readdirSync(join(CHART, 'templates')).map((f) => readFileSync(join(CHART, 'templates', f), 'utf8')).join('\n');
    const paths = new Set([...templates.matchAll(/\.Values\.([A-Za-z0-9_.]+)/g)].map(([, p]) => p!.replace(/\.$/, '')));
    for (const [, key] of templates.matchAll(/\$app\.([A-Za-z0-9_.]+)/g)) paths.add(`apps.anyApp.${key}`);
    expect(paths.size).toBeGreaterThan(50);
    const missing = [...paths].filter((p) => schemaAt(p.split('.')) === undefined);
    expect(missing).toEqual([]);
  });
});
