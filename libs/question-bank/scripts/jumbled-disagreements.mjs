// @ts-check
/**
 * Prints the candidates two reviewers decided differently (audit/jumbled-candidates/decisions.*.json),
 * and those only one of them decided, then the disagreements the lead has not resolved yet
 * (decisions.lead.json). Run: npm run content:jumbled-disagreements
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { reviewerFiles, leadResolutions, disagreementReport } = require('../dist/jumbled-candidates/reviewers.js');
const { finalDecisions } = require('../dist/jumbled-candidates/decisions.js');
const files = reviewerFiles();
const lines = disagreementReport(files);
const first = files.find((f) => f.reviewer === 'first');
const second = files.find((f) => f.reviewer === 'second');
if (files.length < 2 || !first || !second) console.log(`only ${files.map((f) => f.reviewer).join(', ')}: no second reviewer to compare with`);
else {
  const { unresolved } = finalDecisions(first, second, leadResolutions());
  console.log([...lines, `unresolved by the lead: ${unresolved.length}`, ...unresolved.map((l) => `  ${l}`)].join('\n'));
}
