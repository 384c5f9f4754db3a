// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @typedef {{ path: string, content: string }} GeneratedFile */

/**
 * The files whose content on disk differs from what their generator gives now (missing ones too).
 * @param {GeneratedFile[]} files
 */
export function staleOf(files) {
  return files.filter(({ path, content }) => {
    try {
      return readFileSync(path, 'utf8') !== content;
    } catch {
      return true;
    }
  });
}

/**
 * A generator's command line, when `moduleUrl` is the script being run: writes the files, or with
 * `--check` lists the stale ones and exits 1 if there are any.
 * @param {string} moduleUrl the generator's import.meta.url
 * @param {() => GeneratedFile[]} generate
 */
export function runGenerator(moduleUrl, generate) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const script = `tools/ops/${fileURLToPath(moduleUrl).split('/').pop()}`;
  if (process.argv.includes('--check')) {
    const stale = staleOf(generate());
    for (const { path } of stale) console.error(`stale: ${path} (run node ${script})`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  const files = generate();
  for (const { path, content } of files) writeFileSync(path, content);
  console.log(`wrote ${files.map((f) => f.path).join(', ')}`);
}
