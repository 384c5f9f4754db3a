/**
 * The form answers are compared in: trimmed, lower case, inner spaces collapsed, curly
 * apostrophes made straight, and punctuation at the end removed.
 */
export function normaliseAnswer(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.,!?;:]+$/, '')
    .trim();
}

export function wordsOf(text: string): string[] {
  return normaliseAnswer(text)
    .split(' ')
    .filter(Boolean);
}
