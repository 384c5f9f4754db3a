import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repeatSummary, vitestTarget } from './test-target.mjs';

const ROOT = '/repo';
const files = new Set([
  '/repo/tests/integration/catalog.spec.ts',
  '/repo/tests/e2e/runner.spec.ts',
  '/repo/apps/web/vite.config.ts',
  '/repo/apps/web/src/features/runner/model/test-flow.spec.ts',
  '/repo/apps/gateway/vitest.config.mts',
  '/repo/apps/gateway/src/common/rate-limit/reconciled-counters.spec.ts',
  '/repo/tools/vitest.config.mts',
  '/repo/tools/stack/data.spec.mjs',
  '/repo/README.md',
  '/repo/tests/integration',
  '/repo/tests/e2e',
]);
const exists = (path) => files.has(path);

describe('vitestTarget', () => {
  it('runs an integration or e2e spec with its config from the root, against the stack', () => {
    expect(vitestTarget(ROOT, 'tests/integration/catalog.spec.ts', exists)).toEqual({
      cwd: ROOT,
      args: ['-c', join('tests', 'integration', 'vitest.config.mts'), 'tests/integration/catalog.spec.ts'],
      needsStack: true,
      kind: 'integration',
    });
    expect(vitestTarget(ROOT, '/repo/tests/e2e/runner.spec.ts', exists)).toMatchObject({ kind: 'e2e', needsStack: true });
  });

  it('runs a whole integration or e2e suite when given its folder', () => {
    expect(vitestTarget(ROOT, 'tests/integration', exists)).toEqual({
      cwd: ROOT,
      args: ['-c', join('tests', 'integration', 'vitest.config.mts')],
      needsStack: true,
      kind: 'integration',
    });
    expect(vitestTarget(ROOT, 'tests/e2e/', exists)).toEqual({ cwd: ROOT, args: ['-c', join('tests', 'e2e', 'vitest.config.mts')], needsStack: true, kind: 'e2e' });
  });

  it('runs a unit spec in the nearest project that has a vitest or vite config, without the stack', () => {
    expect(vitestTarget(ROOT, 'apps/web/src/features/runner/model/test-flow.spec.ts', exists)).toEqual({
      cwd: '/repo/apps/web',
      args: ['-c', 'vite.config.ts', 'src/features/runner/model/test-flow.spec.ts'],
      needsStack: false,
      kind: 'unit',
    });
    expect(vitestTarget(ROOT, 'apps/gateway/src/common/rate-limit/reconciled-counters.spec.ts', exists)).toMatchObject({ cwd: '/repo/apps/gateway', args: ['-c', 'vitest.config.mts', 'src/common/rate-limit/reconciled-counters.spec.ts'] });
    expect(vitestTarget(ROOT, 'tools/stack/data.spec.mjs', exists)).toMatchObject({ cwd: '/repo/tools', args: ['-c', 'vitest.config.mts', 'stack/data.spec.mjs'] });
  });

  it('refuses a file that does not exist, lies outside the repository or in no project', () => {
    expect(() => vitestTarget(ROOT, 'tests/integration/nope.spec.ts', exists)).toThrow(/no such test file/);
    expect(() => vitestTarget(ROOT, '../elsewhere.spec.ts', exists)).toThrow(/no such test file/);
    expect(() => vitestTarget(ROOT, 'README.md', exists)).toThrow(/no vitest project holds README.md/);
  });
});

describe('repeatSummary', () => {
  it('counts the runs and names the ones that failed', () => {
    expect(repeatSummary([true, true, true])).toBe('3/3 passed');
    expect(repeatSummary([true, false, true, false])).toBe('2/4 passed; failed: run 2, 4');
  });
});
