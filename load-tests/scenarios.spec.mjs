import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from './engine/run-scenario.mjs';
import { flows } from './flows/index.js';

const data = loadScenarios();

describe('scenarios.json', () => {
  it('names a flow, a k6 script and a share of the mix for every scenario', () => {
    expect(Object.keys(flows).sort()).toEqual(Object.keys(data.scenarios).sort());
    expect(Object.keys(data.mix).sort()).toEqual(Object.keys(data.scenarios).sort());
    expect(Object.values(data.mix).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    const scripts = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.js'));
    for (const name of Object.keys(data.scenarios)) expect(scripts).toContain(`${name}.js`);
    const mixed = readFileSync(new URL('./mixed.js', import.meta.url), 'utf8');
    for (const name of Object.keys(data.scenarios)) expect(mixed).toContain(`export function ${name}(`);
  });

  it('declares every request a scenario sends, with expected statuses and a p95 threshold', () => {
    for (const scenario of Object.values(data.scenarios)) {
      for (const name of scenario.requests) {
        expect(data.requests[name], name).toBeDefined();
        expect(data.requests[name].expect.length, name).toBeGreaterThan(0);
        expect(data.thresholds.p95Ms[name], name).toBeGreaterThan(0);
      }
    }
  });

  it('has think ranges [min, max] and profiles whose stages the k6 options can build', () => {
    for (const [name, [min, max]] of Object.entries(data.thinkSeconds)) expect(min <= max && min >= 0, name).toBe(true);
    for (const profile of Object.values(data.profiles)) {
      if (profile.kind === 'stages') expect(profile.stages.every((s) => s.seconds > 0 && s.vus >= 0)).toBe(true);
      else expect(profile).toMatchObject({ kind: 'iterations' });
    }
  });
});
