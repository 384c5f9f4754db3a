// @ts-check
/**
 * What `npm start` and `npm test` do first, with nothing but Node: install the npm dependencies
 * when node_modules is missing or older than package-lock.json.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack/paths.mjs';
import { log, run } from './stack/run.mjs';

export async function ensureDependencies() {
  const lock = join(ROOT, 'package-lock.json');
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log('deps', 'installing npm dependencies (npm ci) …');
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT });
}
