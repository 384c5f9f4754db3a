#!/usr/bin/env node
// @ts-check
/**
 * `node load-tests/bench/languagetool.mjs [--seconds 20]`: what one LanguageTool server costs on this
 * machine, started exactly as the stack starts it (tools/stack/languagetool.mjs) in a throwaway
 * profile on a free port, so a running stack is untouched. Measures start-up (JVM listening, then
 * the warm-up check done), resident memory, the latency of warm checks of ~100-word texts, and how
 * many attempts a minute it absorbs (an attempt = the three passage reconstructions and the email,
 * checked as feedback-service checks them). Writes bench/LANGUAGETOOL.md.
 *
 * The texts are the bank's passages (each ~60 words) made into ~100-word texts, with a change per
 * check so nothing is answered from a cache.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tools/stack/free-port.mjs';
import { installLanguageTool, languageToolHeap, languageToolReady, languageToolSpec, languageToolUrl } from '../../tools/stack/languagetool.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { startProcess, stopProcess } from '../../tools/stack/supervisor.mjs';
import { tempProfile } from '../../tools/stack/testing.mjs';
import { VERSIONS } from '../../tools/stack/versions.mjs';

const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 20;

const testsDir = join(ROOT, 'libs', 'question-bank', 'src', 'data', 'tests');
const files = readdirSync(testsDir).filter((f) => f.endsWith('.json')).sort();
/** @type {{ passages: { sentences: string }[], email: { prompt: string } }[]} */
const tests = files.map((f) => JSON.parse(readFileSync(join(testsDir, f), 'utf8')));
const passages = tests.flatMap((t) => t.passages.map((p) => p.sentences));
const words = (/** @type {string} */ text) => text.split(/\s+/).filter(Boolean).length;

/** A learner-like text of about `target` words: passages joined, with one slip and a per-check change. */
function text(/** @type {number} */ i, target = 100) {
  let out = '';
  for (let k = i; words(out) < target; k += 1) out += `${passages[k % passages.length]} `;
  const cut = out.split(/\s+/).slice(0, target).join(' ');
  return `${cut.replace(' is ', ' are ')} (${i})`;
}

const profile = tempProfile('test', { languagetool: await freePort() });
const url = languageToolUrl(profile);
const pct = (/** @type {number[]} */ a, /** @type {number} */ p) => {
  const s = [...a].sort((x, y) => x - y);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN);
};
const rssMiB = (/** @type {number} */ pid) => {
  // The JVM is a child of nothing else: the spec runs java itself, so the pid is the JVM's.
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kib / 1024);
};

async function check(/** @type {string} */ body) {
  const started = performance.now();
  const response = await fetch(`${url}/v2/check`, { method: 'POST', body: new URLSearchParams({ text: body, language: 'en-GB' }) });
  if (!response.ok) throw new Error(`check answered ${response.status}`);
  await response.json();
  return performance.now() - started;
}

await installLanguageTool();
const load = loadavg()[0];
const started = performance.now();
const running = startProcess(profile, 'languagetool', languageToolSpec(profile));
let listeningMs = 0;
try {
  while (!listeningMs) {
    if (await fetch(`${url}/v2/languages`).then((r) => r.ok, () => false)) listeningMs = performance.now() - started;
    else await new Promise((r) => setTimeout(r, 100));
  }
  while (!(await languageToolReady(profile).catch(() => false))) await new Promise((r) => setTimeout(r, 200));
  const readyMs = performance.now() - started;
  const rssReady = rssMiB(running.pid);

  // Warm checks of ~100-word texts, one at a time.
  for (let i = 0; i < 10; i += 1) await check(text(i));
  const latencies = [];
  for (let i = 0; i < 200; i += 1) latencies.push(await check(text(1000 + i)));
  const sample = text(0);

  /** Attempts a minute with `parallel` attempts in flight, each checking its four texts one by one. */
  async function attemptsPerMinute(/** @type {number} */ parallel) {
    const end = performance.now() + SECONDS * 1000;
    let done = 0;
    let n = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (performance.now() < end) {
          const i = (n += 1);
          for (let p = 0; p < 3; p += 1) await check(text(i * 4 + p, 60));
          await check(text(i * 4 + 3, 120));
          done += 1;
        }
      }),
    );
    return Math.round((done / SECONDS) * 60);
  }
  const perMinute1 = await attemptsPerMinute(1);
  const perMinute2 = await attemptsPerMinute(2);
  const rssAfter = rssMiB(running.pid);

  const rows = [
    ['LanguageTool', `${VERSIONS.languagetool}, heap -Xmx${languageToolHeap()}, en + es + ca + pt modules`],
    ['machine', `${cpus().length} cores, load average ${load.toFixed(1)} at the start (shared with other work)`],
    ['start-up: JVM answering', `${(listeningMs / 1000).toFixed(1)} s`],
    ['start-up: first English check done (ready)', `${(readyMs / 1000).toFixed(1)} s`],
    ['resident memory when ready', `${rssReady} MiB`],
    ['resident memory after the load below', `${rssAfter} MiB`],
    [`warm check of a ${words(sample)}-word text, one at a time (200 checks)`, `p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, max ${pct(latencies, 100)} ms`],
    [`attempts a minute, one at a time (3 × 60 + 120 words each, ${SECONDS} s)`, String(perMinute1)],
    [`attempts a minute, two in parallel`, String(perMinute2)],
  ];
  const table = ['| what | measured |', '| --- | --- |', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n');
  console.log(table);
  writeFileSync(
    join(ROOT, 'bench', 'LANGUAGETOOL.md'),
    `# LanguageTool on this machine

Measured by \`node load-tests/bench/languagetool.mjs\` (${new Date().toISOString().slice(0, 10)}): one LanguageTool
server started the way the stack starts it (\`tools/stack/languagetool.mjs\`), on loopback, in a
throwaway profile. The machine is shared and its load varies: run it again before relying on a figure.

${table}

- **Start-up** counts from the process start; "ready" is what the stack waits for (an English check
  that loads the rules), so \`npm start\` and \`npm test\` pay it once, in parallel with Keycloak.
- **Latency**: each check is a different text, so nothing comes from a cache (LanguageTool's sentence
  cache is off by default, and we leave it off).
- **Attempts a minute**: an attempt is four checks (three passage reconstructions of ~60 words and an
  email of ~120), made one after another as feedback-service makes them. Two attempts in flight use
  both cores (the server runs two check threads); more in flight only queue.
`,
  );
} finally {
  await stopProcess(profile, 'languagetool');
  profile.cleanup();
}
