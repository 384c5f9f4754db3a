#!/usr/bin/env node
// @ts-check
/**
 * The inputs of docker/languagetool.Dockerfile, generated from the local stack's own definition
 * (tools/stack/languagetool.mjs), never copied by hand, so the image runs the very artefacts and
 * settings `npm start` and `npm test` run:
 *
 * - docker/languagetool/pom.xml: the throwaway Maven project whose dependencies are the server
 *   (without `language-all`) and the language modules, at VERSIONS.languagetool;
 * - docker/languagetool/server.properties: the server's limits.
 *
 * `node tools/ops/languagetool-image.mjs` writes both; `--check` exits 1 when either is stale.
 */
import { join } from 'node:path';
import { runGenerator, staleOf } from './generated-files.mjs';
import { LANGUAGETOOL_SERVER_PROPERTIES, languageToolPom } from '../stack/languagetool.mjs';
import { ROOT } from '../stack/paths.mjs';
import { VERSIONS } from '../stack/versions.mjs';

export const LANGUAGETOOL_IMAGE_DIR = join(ROOT, 'docker', 'languagetool');

/** The generated files and what they should hold. */
export function generatedFiles() {
  return [
    { path: join(LANGUAGETOOL_IMAGE_DIR, 'pom.xml'), content: languageToolPom(VERSIONS.languagetool) },
    { path: join(LANGUAGETOOL_IMAGE_DIR, 'server.properties'), content: LANGUAGETOOL_SERVER_PROPERTIES },
  ];
}

/** The generated files whose content on disk differs from what the stack's definition gives now. */
export const staleFiles = () => staleOf(generatedFiles());

runGenerator(import.meta.url, generatedFiles);
