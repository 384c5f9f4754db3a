import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../engine/run-scenario.mjs';
import { k6Options, runSettings, scenarioVus, vusInTest } from './k6-options.js';

const data = loadScenarios();
const all = Object.keys(data.mix);

describe('k6Options', () => {
  it('runs the smoke profile as one VU and one iteration per scenario', () => {
    const options = k6Options(data, all, { PROFILE: 'smoke' }, (name) => name);
    expect(Object.keys(options.scenarios)).toEqual(all);
    for (const [name, scenario] of Object.entries(options.scenarios)) expect(scenario).toMatchObject({ executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: name });
  });

  it('ramps each scenario to its share of VUS by the mix', () => {
    const settings = runSettings(data, { VUS: '100' });
    expect(scenarioVus(data, all, settings)).toEqual({ browse: 50, dashboard: 25, attempt: 20, payment: 5 });
    expect(vusInTest(data, all, settings)).toBe(100);
    const options = k6Options(data, ['attempt'], { VUS: '40', PROFILE: 'load' });
    expect(options.scenarios.attempt).toMatchObject({ executor: 'ramping-vus', exec: 'default' });
    expect(options.scenarios.attempt.stages.map((s) => s.target)).toEqual([40, 40, 0]);
  });

  it('sets a p95 threshold on every request the scripts send, and no other', () => {
    const { thresholds } = k6Options(data, ['browse'], {});
    expect(thresholds.http_req_failed).toEqual(['rate<0.001']);
    expect(thresholds.checks).toEqual(['rate>0.999']);
    const named = Object.keys(thresholds).filter((k) => k.startsWith('http_req_duration'));
    expect(named.sort()).toEqual(data.scenarios.browse.requests.map((r) => `http_req_duration{name:${r}}`).sort());
    expect(thresholds['http_req_duration{name:blog.list}']).toEqual([`p(95)<${data.thresholds.p95Ms['blog.list']}`]);
  });

  it('leaves setup time to sign every learner up', () => {
    expect(k6Options(data, ['browse'], {}).setupTimeout).toBe('60s');
    expect(k6Options(data, ['dashboard'], { VUS: '10', LEARNERS_PER_VU: '3' }).setupTimeout).toBe(`${60 + 30 * 2}s`);
  });

  it('refuses an unknown profile, a bad number and a request without a threshold', () => {
    expect(() => runSettings(data, { PROFILE: 'burst' })).toThrow(/PROFILE must be one of/);
    expect(() => runSettings(data, { VUS: 'many' })).toThrow(/VUS must be/);
    const broken = { ...data, scenarios: { ...data.scenarios, browse: { ...data.scenarios.browse, requests: ['blog.gone'] } } };
    expect(() => k6Options(broken, ['browse'], {})).toThrow(/no p95 threshold for "blog.gone"/);
  });
});
