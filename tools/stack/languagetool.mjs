// @ts-check
/**
 * LanguageTool, the grammar and spell checker behind the writing feedback (feedback-service): its
 * HTTP server from Maven Central, run on loopback with a capped heap.
 *
 * What was found on this kind of machine with 6.6 (docs/architecture.md#languagetool):
 * - `languagetool-server` depends on `language-all` (every language, ~245 MB of jars). Excluding it
 *   and adding `language-en` alone fails at start: the common-words language detector also loads
 *   Spanish, Catalan and Portuguese, so those three come too (~91 MB in all).
 * - Without `--public` it listens on loopback only.
 * - The first English check loads the rules and takes several seconds; readiness includes one, so
 *   the first learner's attempt is not the one that waits.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE } from './paths.mjs';
import { VERSIONS } from './versions.mjs';
import { log, run } from './run.mjs';
import { ensureMaven } from './maven-central.mjs';
import { installAtomically } from './install.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */

/** The languages whose modules are fetched: English, and what its language detector needs. */
export const LANGUAGETOOL_LANGUAGES = ['en', 'es', 'ca', 'pt'];

/** The heap the server runs with (FLUENT_LANGUAGETOOL_HEAP moves it): ~420 MB resident with 256m. */
export const languageToolHeap = () => process.env.FLUENT_LANGUAGETOOL_HEAP ?? '256m';

export function languageToolHome() {
  return join(CACHE, `languagetool-${VERSIONS.languagetool}`);
}

/** The jars the server runs from; complete once the server jar and every language module are there. */
const lib = (/** @type {string} */ home) => join(home, 'lib');
const complete = (/** @type {string} */ home) =>
  existsSync(join(lib(home), `languagetool-server-${VERSIONS.languagetool}.jar`)) &&
  LANGUAGETOOL_LANGUAGES.every((code) => existsSync(join(lib(home), `language-${code}-${VERSIONS.languagetool}.jar`)));

/**
 * A throwaway Maven project whose dependencies are the server (without `language-all`) and the
 * language modules, so `dependency:copy-dependencies` fetches exactly those jars.
 * @param {string} version
 */
export function languageToolPom(version) {
  const dependency = (/** @type {string} */ artifact, exclusions = '') =>
    `    <dependency><groupId>org.languagetool</groupId><artifactId>${artifact}</artifactId><version>${version}</version>${exclusions}</dependency>`;
  const withoutAll =
    '<exclusions><exclusion><groupId>org.languagetool</groupId><artifactId>language-all</artifactId></exclusion></exclusions>';
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.fluent</groupId>
  <artifactId>languagetool-server-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
${[dependency('languagetool-server', withoutAll), ...LANGUAGETOOL_LANGUAGES.map((code) => dependency(`language-${code}`))].join('\n')}
  </dependencies>
</project>
`;
}

/**
 * Fetches the server's jars with Maven into a folder of its own, renamed into place when whole
 * (installAtomically): the cache may be shared by several checkouts installing at the same time.
 */
export async function installLanguageTool() {
  const home = languageToolHome();
  if (complete(home)) return;
  const mvn = await ensureMaven();
  log('install', `fetching languagetool ${VERSIONS.languagetool} (server, ${LANGUAGETOOL_LANGUAGES.join(', ')}) with Maven (Maven Central) …`);
  await installAtomically(
    home,
    async (dir) => {
      writeFileSync(join(dir, 'pom.xml'), languageToolPom(VERSIONS.languagetool));
      mkdirSync(lib(dir));
      await run(
        mvn,
        ['-B', '-q', '-f', join(dir, 'pom.xml'), 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies', `-DoutputDirectory=${lib(dir)}`, '-DincludeScope=runtime'],
        { cwd: dir },
      );
      if (!complete(dir)) throw new Error(`Maven finished but the LanguageTool jars are incomplete in ${dir}`);
    },
    complete,
  );
}

/**
 * The server's settings: a size cap well above the attempt's own caps, a time cap per check, and
 * two check threads (the machines have two cores). The image for Kubernetes and compose
 * (docker/languagetool.Dockerfile) ships the same file.
 */
export const LANGUAGETOOL_SERVER_PROPERTIES = ['maxTextLength=20000', 'maxCheckTimeMillis=20000', 'maxCheckThreads=2', 'maxWorkQueueSize=64', ''].join('\n');

/** @param {Profile} profile */
function writeServerConfig(profile) {
  mkdirSync(profile.dataDir, { recursive: true });
  const file = join(profile.dataDir, 'languagetool.properties');
  writeFileSync(file, LANGUAGETOOL_SERVER_PROPERTIES);
  return file;
}

/** @param {Profile} profile */
export function languageToolUrl(profile) {
  return `http://127.0.0.1:${profile.ports.languagetool}`;
}

/**
 * @param {Profile} profile
 * @returns {import('./supervisor.mjs').ProcessSpec}
 */
export function languageToolSpec(profile) {
  const home = languageToolHome();
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  return {
    command: java,
    args: [
      `-Xmx${languageToolHeap()}`,
      '-cp',
      `${lib(home)}/*`,
      'org.languagetool.server.HTTPServer',
      '--port',
      String(profile.ports.languagetool),
      '--config',
      writeServerConfig(profile),
    ],
    // The java command line names the cache folder; `java` alone would match any JVM.
    match: home,
  };
}

/** A short English text that loads the English rules and the speller (the first check takes seconds). */
export const WARM_UP_TEXT = 'This sentence are a warm-up check for the English rules.';

/**
 * Ready when the server answers an English check that finds the known error of WARM_UP_TEXT: the
 * rules are loaded, so the first learner does not wait for them. The first check is slow: 30 s.
 * @param {Profile} profile
 */
export async function languageToolReady(profile) {
  const response = await fetch(`${languageToolUrl(profile)}/v2/check`, {
    method: 'POST',
    body: new URLSearchParams({ text: WARM_UP_TEXT, language: 'en-GB' }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) return false;
  const body = /** @type {{ software?: { name?: string }, matches?: unknown[] }} */ (await response.json());
  return body.software?.name === 'LanguageTool' && Array.isArray(body.matches) && body.matches.length > 0;
}
