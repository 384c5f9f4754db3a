#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`, second step: Lighthouse (mobile, its default simulated slow-4G throttling) on
 * the public pages a visitor meets first, `/`, `/blog`, a blog post and `/login`, each RUNS times;
 * the median of each score is what counts (Lighthouse's own advice for noisy machines). Writes
 * bench/LIGHTHOUSE.md and exits 1 when a median misses the goal: every category at least 95 and
 * a Cumulative Layout Shift under 0.05.
 *
 * The pages come from a gateway of its own in production mode (NODE_ENV=production, as deployed)
 * on the test-profile stack (reused if running, else started and stopped). Chromium is Debian's
 * (CHROME_PATH, else `command -v chromium`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDotEnv } from '../../tools/env.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { log } from '../../tools/stack/run.mjs';
import { startProductionGateway } from './production-gateway.mjs';

loadDotEnv();
// `npm run bench -- --hot` / `--scale` measure one section of the API only.
if (process.argv.includes('--hot') || process.argv.includes('--scale') || process.argv.includes('--chaos')) process.exit(0);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GOAL = 95;
const CLS_GOAL = 0.05;
const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);
const chromePath = process.env.CHROME_PATH || execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
const lighthouseBin = join(ROOT, 'node_modules', '.bin', 'lighthouse');
const lighthouseVersion = /** @type {{ version: string }} */ (createRequire(import.meta.url)('lighthouse/package.json')).version;

const stack = await import('../../tools/stack/index.mjs');
const profile = stack.getProfile('test');
/** @type {() => Promise<void>} */
let stopStack = async () => undefined;
if (!(await fetch(`http://127.0.0.1:${profile.ports.gateway}/api/health/live`).then((r) => r.ok, () => false))) {
  await stack.up(profile, { apps: true });
  stopStack = () => stack.down(profile);
}

/**
 * One Lighthouse run of `url`: the four category scores (0–100) and the metrics behind them.
 * @param {string} url
 * @param {string} dir
 */
function lighthouse(url, dir) {
  const output = join(dir, 'report.json');
  execFileSync(
    lighthouseBin,
    [url, '--quiet', '--output=json', `--output-path=${output}`, `--only-categories=${CATEGORIES.join(',')}`, '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  /** @param {string} id */
  const metric = (id) => /** @type {number} */ (report.audits[id].numericValue);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(report.categories[c].score * 100)])),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    /** The audits that cost points outside performance, to say what to fix. */
    failing: Object.values(report.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs.filter((/** @type {{id: string, weight: number}} */ ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1).map((/** @type {{id: string}} */ ref) => ref.id)),
    benchmarkIndex: /** @type {number} */ (report.environment.benchmarkIndex),
    chrome: /** @type {string} */ (report.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''),
  };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

// The site as deployed: a production gateway serving apps/web/dist.
const site = await startProductionGateway(profile, profile.ports.gateway + 64, { LOG_LEVEL: 'warn' });
const dir = mkdtempSync(join(tmpdir(), 'fluent-lighthouse-'));
/** @type {Array<{ name: string, path: string, runs: ReturnType<typeof lighthouse>[] }>} */
const pages = [];
try {
  const { posts } = /** @type {{ posts: { slug: string }[] }} */ (await (await fetch(`${site.url}/api/blog`)).json());
  for (const [name, path] of [
    ['landing', '/'],
    ['blog', '/blog'],
    ['blog post', `/blog/${posts[0]?.slug}`],
    ['login', '/login'],
  ]) {
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      log('lighthouse', `${path} run ${i} of ${RUNS}`);
      runs.push(lighthouse(`${site.url}${path}`, dir));
    }
    pages.push({ name, path, runs });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await site.stop();
  await stopStack();
}

const rows = pages.map(({ name, path, runs }) => {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c] ?? 0))]));
  const cls = median(runs.map((r) => r.cls));
  const ok = CATEGORIES.every((c) => (scores[c] ?? 0) >= GOAL) && cls < CLS_GOAL;
  return { name, path, runs, scores, cls, lcp: median(runs.map((r) => r.lcp)), fcp: median(runs.map((r) => r.fcp)), tbt: median(runs.map((r) => r.tbt)), ok };
});
const first = pages[0]?.runs[0];
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
const report = [
  '# Lighthouse: the public pages',
  '',
  `Written by \`npm run bench\` (load-tests/bench/lighthouse.mjs) on ${new Date().toISOString().slice(0, 10)}. Lighthouse ${lighthouseVersion}, ${first?.chrome ?? 'Chromium'} (Debian), mobile form factor with`,
  `Lighthouse's default simulated throttling (slow 4G, 4× CPU slowdown), headless. The site is a production-mode gateway on`,
  `the test-profile stack serving \`apps/web/dist\`. Each page ran ${RUNS} times; the table shows the median of each figure.`,
  `This machine is shared and loaded (Lighthouse's benchmark index ${Math.round(median(pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex))))}).`,
  '',
  `Goal: at least ${GOAL} in every category and a Cumulative Layout Shift under ${CLS_GOAL} on every page.`,
  '',
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | goal |',
  '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.name} (\`${r.path}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.ok ? 'met' : '**missed**'} |`,
  ),
  '',
  'Every run (performance / accessibility / best practices / SEO):',
  '',
  ...rows.map((r) => `- ${r.name}: ${r.runs.map((run) => CATEGORIES.map((c) => run.scores[c]).join(' / ')).join('; ')}${r.runs.some((run) => run.failing.length) ? ` (audits losing points: ${[...new Set(r.runs.flatMap((run) => run.failing))].join(', ')})` : ''}`),
  '',
  'Run it alone with `node load-tests/bench/lighthouse.mjs` (`LIGHTHOUSE_RUNS=5` for more runs per page).',
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench', 'LIGHTHOUSE.md'), report);
console.log(report);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
