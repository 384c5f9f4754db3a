import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { find, fixtureSecrets, render, template, VALUES } from './support/chart';

const EXTERNAL_NATS = ['nats.internal=false', 'nats.url=nats://nats.example.internal:4222', 'jetstreamSetup.replicas=3', 'networkPolicies.egress.external.nats={10.2.0.0/24}'];
const hook = (sets: string[], upgrade = false) => find(render([VALUES.prod], [...fixtureSecrets(), ...sets], { upgrade }), 'Job', 'fluent-jetstream-setup').metadata.annotations!['helm.sh/hook'];

/**
 * When the JetStream setup Job runs (helm/fluent _helpers.tpl, fluent.jetstreamSetupHook): before
 * the rollout only when NATS already runs with this release's users and the Secret exists; never a
 * pre-install hook that would wait for a NATS the same release creates after it.
 */
describe('the JetStream setup hook', () => {
  it("runs after the first install when the chart's NATS is created by that install", () => {
    expect(hook([])).toBe('post-install,post-rollback');
  });

  it('refuses to be forced before an install that creates NATS (it would wait for ever)', () => {
    const run = template([VALUES.prod], [...fixtureSecrets(), 'jetstreamSetup.when=beforeRollout']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('jetstreamSetup.when=beforeRollout cannot be met on this install');
  });

  it("runs after an upgrade whose NATS servers are not known to run this render's configuration (none to look up here)", () => {
    expect(hook([], true)).toBe('post-upgrade,post-rollback');
  });

  it('runs before the rollout with an external NATS, on install only when the Secret is not made by the release', () => {
    expect(hook([...EXTERNAL_NATS], true)).toBe('pre-upgrade,post-rollback');
    expect(hook([...EXTERNAL_NATS, 'secrets.existingSecret=fluent-secrets'])).toBe('pre-install,post-rollback');
    expect(hook([...EXTERNAL_NATS])).toBe('post-install,post-rollback');
  });

  it('can be forced either way on an upgrade', () => {
    expect(hook(['jetstreamSetup.when=beforeRollout'], true)).toBe('pre-upgrade,post-rollback');
    expect(hook([...EXTERNAL_NATS, 'jetstreamSetup.when=afterRollout'], true)).toBe('post-upgrade,post-rollback');
    // values.schema.json refuses it before the template's own check could.
    const run = template([VALUES.prod], [...fixtureSecrets(), 'jetstreamSetup.when=sometimes']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/at '\/jetstreamSetup\/when': value must be one of 'auto', 'beforeRollout', 'afterRollout'/);
  });

  it('needs the stream replicas spelled out with an external NATS, and passes the stream limits it is given', () => {
    const run = template([VALUES.prod], [...fixtureSecrets(), ...EXTERNAL_NATS.filter((s) => !s.startsWith('jetstreamSetup.replicas'))]);
    expect(run.stderr).toContain('jetstreamSetup.replicas is required with an external NATS');
    const job = find(render([VALUES.prod], [...fixtureSecrets(), ...EXTERNAL_NATS, 'jetstreamSetup.limits.paymentsMaxBytes=2147483648']), 'Job', 'fluent-jetstream-setup');
    const env = Object.fromEntries(job.spec.template.spec.containers[0].env.filter((e: { value?: string }) => e.value !== undefined).map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(env).toMatchObject({ NATS_URL: 'nats://nats.example.internal:4222', JETSTREAM_REPLICAS: '3', PAYMENTS_STREAM_MAX_BYTES: '2147483648' });
    expect(env.PAGE_VIEWS_STREAM_MAX_BYTES).toBeUndefined();
  });

  // The upgrade-time decision compares the running StatefulSet's checksum with this render's: it
  // must be the checksum of the whole nats.conf, so any change of users, permissions or cluster counts.
  it("stamps the NATS servers with the checksum of their whole nats.conf", () => {
    const checksum = (sets: string[]) => {
      const manifests = render([VALUES.prod], [...fixtureSecrets(), ...sets]);
      const conf = find(manifests, 'ConfigMap', 'fluent-nats-config').data!['nats.conf']!;
      const stamped = find(manifests, 'StatefulSet', 'fluent-nats').spec.template.metadata.annotations['checksum/config'];
      expect(stamped).toBe(createHash('sha256').update(conf.replace(/\n$/, '')).digest('hex'));
      return stamped;
    };
    const base = checksum([]);
    expect(checksum(['nats.replicas=5'])).not.toBe(base);
    expect(checksum(['nats.jetstream.maxFile=16GB'])).not.toBe(base);
  });
});
