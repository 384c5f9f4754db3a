// @ts-check
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * How to run one test file on its own: which vitest config, from where, and whether it needs the
 * test-profile stack. Integration and e2e specs have their configs under tests/; a unit spec
 * belongs to the nearest project with a vitest config (apps/*, libs/*, tools). `tests/integration`
 * or `tests/e2e` itself names the whole suite.
 * @param {string} root the repository
 * @param {string} file the spec (or suite folder), relative to the repository or absolute
 * @param {(path: string) => boolean} [exists]
 * @returns {{ cwd: string, args: string[], needsStack: boolean, kind: 'integration' | 'e2e' | 'unit' }}
 */
export function vitestTarget(root, file, exists = existsSync) {
  const absolute = resolve(root, file);
  const path = relative(root, absolute);
  if (path.startsWith('..') || !exists(absolute)) throw new Error(`no such test file in this repository: ${file}`);
  if (path.startsWith(`tests${sep}ops${sep}`)) return { cwd: root, args: ['-c', join('tests', 'ops', 'vitest.config.mts'), path], needsStack: false, kind: 'unit' };
  for (const kind of /** @type {const} */ (['integration', 'e2e'])) {
    if (path === join('tests', kind)) return { cwd: root, args: ['-c', join('tests', kind, 'vitest.config.mts')], needsStack: true, kind };
    if (path.startsWith(`tests${sep}${kind}${sep}`)) return { cwd: root, args: ['-c', join('tests', kind, 'vitest.config.mts'), path], needsStack: true, kind };
  }
  for (let dir = dirname(absolute); dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
    const config = ['vitest.config.mts', 'vite.config.ts'].find((name) => exists(join(dir, name)));
    if (config) return { cwd: dir, args: ['-c', config, relative(dir, absolute)], needsStack: false, kind: 'unit' };
  }
  throw new Error(`no vitest project holds ${file}`);
}

/**
 * The summary line of N runs.
 * @param {boolean[]} passes
 */
export function repeatSummary(passes) {
  const failed = passes.map((ok, i) => (ok ? 0 : i + 1)).filter(Boolean);
  return failed.length === 0 ? `${passes.length}/${passes.length} passed` : `${passes.length - failed.length}/${passes.length} passed; failed: run ${failed.join(', ')}`;
}
