// @ts-check
/**
 * LanguageTool as feedback-service calls it: its own client (apps/feedback-service, built), the
 * same variant and options. Answers are kept on disk beside the corpora, per LanguageTool version,
 * so a rerun (the "after" of a change to the library) checks nothing twice; the library itself
 * always runs afresh on them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LanguageToolClient } from '../../apps/feedback-service/dist/languagetool/languagetool.client.js';

const PROBE = 'This sentence are checked first, to learn which LanguageTool answers.';

/** A shared, loaded machine makes LanguageTool overrun its time limit now and then: try again, a few times. */
async function withRetries(/** @type {() => Promise<any>} */ run, tries = 4) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
}

/** @param {{ url: string, cacheDir: string, variant?: 'en-GB' | 'en-US' }} options */
export async function cachedChecker({ url, cacheDir, variant = 'en-GB' }) {
  const client = new LanguageToolClient({ url, variant, timeoutMs: 60_000 });
  const probe = await withRetries(() => client.check(PROBE));
  const dir = join(cacheDir, `${probe.checker.name}-${probe.checker.version}-${variant}`);
  mkdirSync(dir, { recursive: true });
  let fresh = 0;
  /** @param {string} text @returns {Promise<import('../../apps/feedback-service/dist/languagetool/languagetool.client.js').CheckedText>} */
  async function check(text) {
    const file = join(dir, `${createHash('sha1').update(text).digest('hex')}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    const checked = await withRetries(() => client.check(text));
    writeFileSync(file, JSON.stringify(checked));
    fresh += 1;
    return checked;
  }
  /** Checks texts two at a time (the server has two check threads), in order. @param {string[]} texts */
  async function checkAll(texts, /** @type {string} */ what) {
    const out = new Array(texts.length);
    let next = 0;
    const worker = async () => {
      while (next < texts.length) {
        const i = next++;
        out[i] = await check(texts[i]);
        if (i % 100 === 0) process.stdout.write(`  ${what}: ${i}/${texts.length}\n`);
      }
    };
    await Promise.all([worker(), worker()]);
    return out;
  }
  return { checker: probe.checker, checkAll, freshChecks: () => fresh };
}

/**
 * Harper as feedback-service runs it (its HarperChecker, British English), with every rule on so
 * the bench can measure each; the library keeps the rules it shows (harperMatches), as in the
 * service. Answers are kept beside the corpora per harper.js version.
 * @param {{ cacheDir: string, version: string }} options
 */
export async function cachedHarper({ cacheDir, version }) {
  const { HarperChecker } = await import('../../apps/feedback-service/dist/harper/harper.checker.js');
  const harper = new HarperChecker({ allRules: true });
  const dir = join(cacheDir, `harper.js-${version}`);
  mkdirSync(dir, { recursive: true });
  /** @param {string[]} texts @returns {Promise<import('@fluent/writing-feedback').HarperLint[][]>} */
  async function lintAll(texts) {
    const out = [];
    for (const text of texts) {
      const file = join(dir, `${createHash('sha1').update(text).digest('hex')}.json`);
      if (existsSync(file)) out.push(JSON.parse(readFileSync(file, 'utf8')));
      else {
        const lints = await harper.lints(text);
        writeFileSync(file, JSON.stringify(lints));
        out.push(lints);
      }
    }
    return out;
  }
  return { lintAll };
}
