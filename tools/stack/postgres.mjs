// @ts-check
/*
 * PostgreSQL, the storage FerretDB runs on locally. FerretDB v1 uses no secondary index on either
 * of its backends; on PostgreSQL its filters become `_jsonb->'field' @> value`, which a GIN
 * expression index serves (see ferretdb-indexes.mjs). Debian's `postgresql` package provides the
 * server; it is started here like the other components, on 127.0.0.1 only, with a password per
 * profile.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { storedSecrets } from './secrets.mjs';
import { log } from './run.mjs';
import { isAlive } from './supervisor.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {import('./supervisor.mjs').Running} Running */

/** The role FerretDB connects as, and the database that holds one schema per MongoDB database. */
export const POSTGRES_USER = 'fluent';
export const POSTGRES_DATABASE = 'postgres';

/**
 * The folder with `postgres` and `initdb`: FLUENT_POSTGRES_BIN, else the newest Debian
 * /usr/lib/postgresql/<major>/bin, else wherever `postgres` is on the PATH.
 * @returns {string | undefined}
 */
export function postgresBinDir() {
  const given = process.env.FLUENT_POSTGRES_BIN;
  if (given) return given;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return join(debian, majors[0], 'bin');
  }
  try {
    return dirname(execFileSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

function requireBinDir() {
  const dir = postgresBinDir();
  if (!dir) {
    throw new Error(
      'PostgreSQL is needed (FerretDB stores its data there): install it (Debian/Ubuntu: apt-get install postgresql) or set FLUENT_POSTGRES_BIN to the folder holding `postgres` and `initdb`.',
    );
  }
  return dir;
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
  try {
    execFileSync('setpriv', [...asAccount(account).slice(1), 'test', '-x', profile.dataDir], { stdio: 'ignore' });
    return inProfile;
  } catch {
    const id = createHash('sha256').update(profile.dataDir).digest('hex').slice(0, 12);
    return join('/var/tmp', `fluent-postgres-${id}`);
  }
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
  const bin = requireBinDir();
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
 * The server's command line. The test profile trades durability for speed (its data is thrown
 * away at the start of every run); the dev profile keeps PostgreSQL's safe defaults.
 * @param {Profile} profile
 */
export function postgresSpec(profile) {
  const dir = postgresDataDir(profile);
  const settings = [
    'listen_addresses=127.0.0.1',
    "unix_socket_directories=",
    'max_connections=200',
    ...(profile.name === 'test' ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const server = [join(requireBinDir(), 'postgres'), '-D', dir, '-p', String(profile.ports.postgres), ...settings.flatMap((s) => ['-c', s])];
  const account = serviceAccount();
  const [command, ...args] = account ? [...asAccount(account), ...server] : server;
  return { command: /** @type {string} */ (command), args, match: dir };
}

/**
 * Ready when the server that wrote postmaster.pid is the process we started, and it answers a
 * query with the profile's password.
 * @param {Profile} profile
 * @param {Running} running
 */
export async function postgresReady(profile, running) {
  if (!isAlive(running.pid)) return false;
  try {
    const pid = Number(readFileSync(join(postgresDataDir(profile), 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid !== running.pid) return false;
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
