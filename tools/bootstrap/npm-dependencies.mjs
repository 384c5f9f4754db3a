// @ts-check
/**
 * What `npm start` and `npm test` do first, with nothing but Node: install the npm dependencies
 * when node_modules is missing or the manifests changed since the last install.
 *
 * `npm install` rather than `npm ci`: lock files written with this workplace's npm setting
 * `omit-lockfile-registry-resolved` leave out other platforms' optional packages, which `npm ci`
 * then reports as "missing from lock file". `npm install` follows the lock file all the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../stack/paths.mjs';
import { log, run } from '../stack/run.mjs';

const STAMP = join(ROOT, 'node_modules', '.fluent-install.sha256');

function manifestsHash() {
  const files = [join(ROOT, 'package.json'), join(ROOT, 'package-lock.json')];
  for (const group of ['apps', 'libs']) {
    const dir = join(ROOT, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const manifest = join(dir, name, 'package.json');
      if (existsSync(manifest)) files.push(manifest);
    }
  }
  const hash = createHash('sha256');
  for (const file of files) if (existsSync(file)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * onnxruntime-node (feedback-service's masked language model) fetches CUDA libraries from
 * api.nuget.org in its install script, which npm runs whatever package.json's allowScripts says; the
 * CPU build it runs is in the package, and nothing here may reach beyond the package registries.
 * Its script reads this variable and skips (a project .npmrc key would do the same, but npm warns
 * that unknown keys will stop working).
 */
export const NPM_INSTALL_ENV = { ONNXRUNTIME_NODE_INSTALL: 'skip' };

export async function ensureDependencies() {
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === manifestsHash()) return;
  log('deps', 'installing npm dependencies …');
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, env: NPM_INSTALL_ENV });
  writeFileSync(STAMP, `${manifestsHash()}\n`);
}
