// @ts-check
/**
 * Prints the candidates two reviewers decided differently (audit/jumbled-candidates/decisions.*.json),
 * and those only one of them decided. Resolving them is the lead's job.
 * Run: npm run content:jumbled-disagreements
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { reviewerFiles, disagreementReport } = require('../dist/jumbled-candidates/reviewers.js');
const files = reviewerFiles();
const lines = disagreementReport(files);
console.log(files.length < 2 ? `only ${files.map((f) => f.reviewer).join(', ')}: no second reviewer to compare with` : lines.join('\n'));
