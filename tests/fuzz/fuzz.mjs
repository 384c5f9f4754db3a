#!/usr/bin/env node
// @ts-check
/**
 * `npm run fuzz`: schemathesis against the running local stack, from the gateway's own OpenAPI
 * document (/api/openapi.json), signed in as a new test learner.
 *
 *   npm run fuzz                          # the test profile's stack, 50 examples per operation
 *   npm run fuzz -- --profile dev         # the stack of `npm start`
 *   npm run fuzz -- --examples 200 --seed 42
 *   npm run fuzz -- --quick               # 5 examples per operation, fixed seed (what npm test runs)
 *
 * The stack must be up (`npm run stack -- up --profile test --apps`, or `npm start`). Every
 * operation is fed documented (positive) and broken (negative) requests; a run fails on any 5xx,
 * any status the document does not list for the operation, a content type it does not list, or a
 * body that breaks the documented schema. Schemathesis comes from PyPI, pinned in
 * tests/fuzz/requirements.txt, into a virtualenv in the stack cache (installed once).
 * Reports (JUnit, NDJSON) of the last run go to .data/<profile>/fuzz/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnv } from '../../tools/env.mjs';
import { installVenv } from '../../tools/ops/install.mjs';
import { getProfile } from '../../tools/stack/index.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { log, run } from '../../tools/stack/run.mjs';

loadDotEnv();

/** What a run checks: no server error, and every answer as documented (status, media type, body). */
const FUZZ_CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_schema_conformance'];
const QUICK_EXAMPLES = 5;
const QUICK_SEED = 20261125;

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'test' },
    examples: { type: 'string' },
    seed: { type: 'string' },
    quick: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
  },
});

const profile = getProfile(values.profile === 'dev' ? 'dev' : 'test');
const gatewayUrl = process.env.FLUENT_GATEWAY_URL ?? `http://127.0.0.1:${profile.ports.gateway}`;
const examples = values.examples ?? String(values.quick ? QUICK_EXAMPLES : 50);
const seed = values.seed ?? (values.quick ? String(QUICK_SEED) : undefined);

async function main() {
  const live = await fetch(`${gatewayUrl}/api/health/live`).then((r) => r.ok, () => false);
  if (!live) throw new Error(`no gateway at ${gatewayUrl}: start the stack first (npm run stack -- up --profile ${profile.name} --apps)`);
  const venv = await installVenv(join(ROOT, 'tests', 'fuzz', 'requirements.txt'), 'fuzz-venv', 'the API fuzzer (schemathesis)');

  // A learner of its own, so every learner-only operation is reached past its 401.
  const email = `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${gatewayUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `Fz-${randomUUID()}`, mobileNumber: '0123456789' }),
  });
  if (signUp.status !== 201) throw new Error(`signing up the fuzzing learner: ${signUp.status} ${await signUp.text()}`);
  const { accessToken } = /** @type {{ accessToken: string }} */ (await signUp.json());

  const reports = join(profile.dataDir, 'fuzz');
  mkdirSync(reports, { recursive: true });
  // Only the last run's reports are kept: a long run's NDJSON alone is some 60 MB.
  for (const name of readdirSync(reports)) if (/^(junit|ndjson)-.*\.(xml|ndjson)$/.test(name)) rmSync(join(reports, name));
  log('fuzz', `${gatewayUrl}/api/openapi.json, ${examples} examples per operation${seed ? `, seed ${seed}` : ''}, as ${email}`);
  // The command line holds the learner's token: a failure is reported without it.
  const failed = await run(
    join(venv, 'bin', 'st'),
    [
      'run',
      `${gatewayUrl}/api/openapi.json`,
      // The access token lasts 5 minutes: runs are bounded well under that.
      '--header',
      `Authorization: Bearer ${accessToken}`,
      '--checks',
      FUZZ_CHECKS.join(','),
      // stateful: the document's links (a test → submit it → the attempt, its feedback, a report).
      '--phases',
      'examples,coverage,fuzzing,stateful',
      '--max-examples',
      examples,
      '--workers',
      values.workers ?? '1',
      '--request-timeout',
      '30',
      '--generation-database',
      'none',
      '--no-color',
      '--output-truncate',
      'true',
      '--report',
      'junit,ndjson',
      '--report-dir',
      reports,
      ...(seed ? ['--seed', seed] : []),
    ],
    // Its crash cache (for `st replay`) lands there too, not in the work tree.
    { cwd: reports },
  ).then(
    () => false,
    () => true,
  );
  if (failed) throw new Error(`schemathesis reported failures or errors (above); reports in ${reports}`);
  log('fuzz', `no server error and no answer off the document; reports in ${reports}`);
}

main().catch((error) => {
  console.error(`[fuzz] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
