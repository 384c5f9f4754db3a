// @ts-check
/** Pure measures of the feedback evaluation: detokenizing JFLEG, which tokens the correctors changed, Pearson's r. */

const NO_SPACE_BEFORE = /^(?:[.,;:!?%)\]}]|n't|'(?:s|re|ve|ll|d|m)|\.\.\.)$/i;
const NO_SPACE_AFTER = /^[([{$]$/;

/**
 * JFLEG's tokens as a learner would type them ("society ." → "society."), with where each token
 * starts in the text, so a checker's span maps back to tokens.
 * @param {string[]} tokens
 */
export function detokenize(tokens) {
  let text = '';
  /** @type {{ start: number, end: number }[]} */
  const spans = [];
  let quoteOpen = false;
  tokens.forEach((token, i) => {
    const prev = tokens[i - 1];
    let space = i > 0;
    if (NO_SPACE_BEFORE.test(token)) space = false;
    if (prev !== undefined && NO_SPACE_AFTER.test(prev)) space = false;
    if (token === '"') {
      if (quoteOpen) space = false;
      quoteOpen = !quoteOpen;
    } else if (prev === '"' && quoteOpen) space = false;
    if (space) text += ' ';
    spans.push({ start: text.length, end: text.length + token.length });
    text += token;
  });
  return { text, spans };
}

/**
 * Source tokens a correction touches: deleted or replaced ones, and both neighbours of an insertion
 * (an insertion has no token of its own). Longest common subsequence alignment.
 * @param {string[]} source @param {string[]} corrected @returns {Set<number>}
 */
export function changedTokens(source, corrected) {
  const n = source.length;
  const m = corrected.length;
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i][j] = source[i] === corrected[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  /** @type {Set<number>} */
  const changed = new Set();
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && source[i] === corrected[j]) {
      i += 1;
      j += 1;
    } else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      // corrected[j] is inserted before source[i]
      if (i > 0) changed.add(i - 1);
      if (i < n) changed.add(i);
      j += 1;
    } else {
      changed.add(i);
      i += 1;
    }
  }
  return changed;
}

/** Token indexes a span [offset, offset + length) overlaps; the nearest one when it falls between tokens. */
export function tokensOfSpan(/** @type {{ start: number, end: number }[]} */ spans, /** @type {number} */ offset, /** @type {number} */ length) {
  const end = offset + Math.max(1, length);
  const hit = spans.flatMap((s, i) => (s.start < end && offset < s.end ? [i] : []));
  if (hit.length > 0) return hit;
  const next = spans.findIndex((s) => s.start >= offset);
  return [next === -1 ? spans.length - 1 : next, next - 1].filter((i) => i >= 0);
}

export function pearson(/** @type {number[]} */ x, /** @type {number[]} */ y) {
  const n = x.length;
  if (n < 3) return NaN;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * The upper end of the 95 % Wilson interval of a proportion: a rule is "below 70 %" only when even
 * this is (0 right of 4 is; 1 of 2 is not: two flags say little).
 */
export function wilsonUpper(/** @type {number} */ hits, /** @type {number} */ n, z = 1.96) {
  if (n === 0) return 1;
  const p = hits / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) + z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}
