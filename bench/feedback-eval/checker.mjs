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
