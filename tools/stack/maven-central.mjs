// @ts-check
/**
 * Artefacts from Maven Central without a system Maven: single files (the Keycloak distribution,
 * Apache Maven's own binary distribution) are downloaded and checked against the checksum Central
 * publishes beside them; Maven itself is then used only where transitive dependencies must be
 * resolved (the LanguageTool server). FLUENT_MAVEN_REPOSITORY points at a mirror.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CACHE } from './paths.mjs';
import { log, run } from './run.mjs';

export const MAVEN_VERSION = '3.9.11';

const repository = () => (process.env.FLUENT_MAVEN_REPOSITORY ?? 'https://repo.maven.apache.org/maven2').replace(/\/$/, '');

/**
 * @param {{ group: string, artifact: string, version: string, classifier?: string, extension: string }} coordinates
 */
export function artifactUrl({ group, artifact, version, classifier, extension }) {
  const file = `${artifact}-${version}${classifier ? `-${classifier}` : ''}.${extension}`;
  return `${repository()}/${group.replaceAll('.', '/')}/${artifact}/${version}/${file}`;
}

/** @param {string} url */
async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

/**
 * The checksum Central publishes for a file: SHA-512 where it has one, else SHA-1.
 * @param {string} url
 * @returns {Promise<{ algorithm: 'sha512' | 'sha1', hex: string }>}
 */
async function publishedChecksum(url) {
  for (const algorithm of /** @type {const} */ (['sha512', 'sha1'])) {
    const response = await fetch(`${url}.${algorithm}`);
    if (response.ok) return { algorithm, hex: ((await response.text()).trim().split(/\s+/)[0] ?? '').toLowerCase() };
  }
  throw new Error(`no checksum published for ${url}`);
}

/**
 * Downloads `url` to `target` (kept when already there), verified against its published checksum;
 * written beside the target first, so an interrupted download never looks complete.
 * @param {string} url
 * @param {string} target
 */
export async function downloadVerified(url, target) {
  if (existsSync(target)) return target;
  mkdirSync(join(target, '..'), { recursive: true });
  const expected = await publishedChecksum(url);
  const hash = createHash(expected.algorithm);
  const partial = `${target}.partial-${process.pid}`;
  try {
    const response = await fetchOk(url);
    const hashing = new Transform({
      transform(chunk, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (response.body)), hashing, createWriteStream(partial));
    const actual = hash.digest('hex');
    if (actual !== expected.hex) throw new Error(`${url}: ${expected.algorithm} ${actual} does not match the published ${expected.hex}`);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return target;
}

export const mavenHome = () => join(CACHE, `apache-maven-${MAVEN_VERSION}`);

/**
 * Apache Maven's binary distribution from Maven Central, unpacked into the cache once.
 * @returns {Promise<string>} the `mvn` to run
 */
export async function ensureMaven() {
  const mvn = join(mavenHome(), 'bin', 'mvn');
  if (existsSync(mvn)) return mvn;
  // Imported here: install.mjs imports this module too.
  const { installAtomically } = await import('./install.mjs');
  log('install', `fetching Apache Maven ${MAVEN_VERSION} from Maven Central …`);
  const archive = await downloadVerified(
    artifactUrl({ group: 'org.apache.maven', artifact: 'apache-maven', version: MAVEN_VERSION, classifier: 'bin', extension: 'tar.gz' }),
    join(CACHE, 'downloads', `apache-maven-${MAVEN_VERSION}-bin.tar.gz`),
  );
  await installAtomically(
    mavenHome(),
    (dir) => run('tar', ['-xzf', archive, '-C', dir, '--strip-components=1']),
    (dir) => existsSync(join(dir, 'bin', 'mvn')),
  );
  return mvn;
}
