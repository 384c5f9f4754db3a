import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { disagreements, type DecisionsFile } from './decisions';

export const DECISIONS_DIR = join(__dirname, '..', '..', 'audit', 'jumbled-candidates');

/** The lead's resolutions of the reviewers' disagreements: decisions.lead.json, not a reviewer's file. */
export const LEAD_FILE = 'decisions.lead.json';

/** Every independent reviewer's decisions file (decisions.first.json, decisions.second.json, …), by name. */
export function reviewerFiles(dir = DECISIONS_DIR): DecisionsFile[] {
  return readdirSync(dir)
    .filter((name) => /^decisions\.[a-z]+\.json$/.test(name) && name !== LEAD_FILE)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as DecisionsFile);
}

/** The lead's resolutions, if any. */
export function leadResolutions(dir = DECISIONS_DIR): DecisionsFile | undefined {
  return existsSync(join(dir, LEAD_FILE)) ? (JSON.parse(readFileSync(join(dir, LEAD_FILE), 'utf8')) as DecisionsFile) : undefined;
}

/** Disagreements between every pair of reviewers, and what only one of a pair decided. */
export function disagreementReport(files: readonly DecisionsFile[]): string[] {
  const lines: string[] = [];
  for (const [i, a] of files.entries()) {
    for (const b of files.slice(i + 1)) {
      const found = disagreements(a, b);
      lines.push(`${a.reviewer} / ${b.reviewer}: ${found.length} disagreement(s)`, ...found.map((l) => `  ${l}`));
    }
  }
  return lines;
}
