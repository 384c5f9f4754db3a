// @ts-check
/**
 * Generates the candidate orders of every jumbled item and writes audit/jumbled-candidates/candidates.json.
 * Run: npm run content:jumbled-candidates (builds the library first), with LanguageTool running
 * (npm run stack -- start languagetool --profile dev). LANGUAGETOOL_URL overrides the address;
 * JUMBLED_RECHECK=1 checks every candidate again instead of reusing the audit's results.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runJumbledCandidates } = require('../dist/jumbled-candidates/run.js');
const url = process.env.LANGUAGETOOL_URL ?? `http://127.0.0.1:${process.env.FLUENT_PORT_LANGUAGETOOL ?? '8081'}`;
await runJumbledCandidates({ url, recheck: process.env.JUMBLED_RECHECK === '1', log: (/** @type {string} */ line) => console.log(line) });
