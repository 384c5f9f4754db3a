import { describe, expect, it } from 'vitest';
import { evaluateThresholds, parseExpression, parseThresholdKey, percentile } from './thresholds.mjs';

const request = (name, duration, failed, error = '') => ({ tags: { name, status: failed ? '500' : '200' }, duration, failed, error });

describe('reading thresholds', () => {
  it('reads a metric with tag selectors', () => {
    expect(parseThresholdKey('http_req_duration{name:blog.list,method:GET}')).toEqual({ metric: 'http_req_duration', tags: { name: 'blog.list', method: 'GET' } });
    expect(parseThresholdKey('checks')).toEqual({ metric: 'checks', tags: {} });
    expect(() => parseThresholdKey('http_req_duration{name}')).toThrow(/cannot read the tag/);
  });

  it('reads aggregations, operators and bounds', () => {
    expect(parseExpression('p(95)<300')).toEqual({ aggregation: 'p(95)', percentile: 95, op: '<', bound: 300 });
    expect(parseExpression(' rate <= 0.001 ')).toMatchObject({ aggregation: 'rate', op: '<=', bound: 0.001 });
    expect(() => parseExpression('p95<300')).toThrow(/cannot read the threshold/);
  });

  it('interpolates percentiles between ranks', () => {
    expect(percentile([10, 20, 30, 40, 50], 50)).toBe(30);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5);
  });
});

describe('evaluating thresholds on one run', () => {
  const run = { requests: [request('a', 12, false), request('a', 30, false), request('b', 5, true)], checks: [{ tags: { check: 'x' }, ok: true }] };

  it('enforces rates', () => {
    const [failed] = evaluateThresholds({ http_req_failed: ['rate<0.001'] }, run);
    expect(failed).toMatchObject({ ok: false, observed: 1 / 3, samples: 3, enforced: true });
    expect(evaluateThresholds({ checks: ['rate>0.999'] }, run)[0]).toMatchObject({ ok: true, observed: 1 });
  });

  it('reports latency bounds without enforcing them', () => {
    expect(evaluateThresholds({ 'http_req_duration{name:a}': ['p(95)<20'] }, run)[0]).toMatchObject({ ok: true, enforced: false, samples: 2, reason: 'bound not met (not enforced on one iteration)' });
  });

  it('fails a threshold that selects no sample: the request it names is no longer sent', () => {
    expect(evaluateThresholds({ 'http_req_duration{name:gone}': ['p(95)<20'] }, run)[0]).toMatchObject({ ok: false, samples: 0, reason: 'no sample matches this threshold' });
  });

  it('refuses a metric it does not record, as k6 refuses an unknown metric', () => {
    expect(() => evaluateThresholds({ data_received: ['count>0'] }, run)).toThrow(/records no metric "data_received"/);
  });
});
