import { candidatesFor, type Candidate, type JumbledLike } from './candidates';

/** The committed audit of the candidates (audit/jumbled-candidates/candidates.json). */
export interface CandidateAudit {
  about: string;
  run: string;
  grammarCheck: { checker: string; languages: string[]; kept: string };
  summary: { items: number; generated: number; flagged: number; kept: number; keptPerRule: Record<string, number> };
  items: AuditedItem[];
}

export interface AuditedItem {
  id: number;
  answer: string;
  /** Candidates the grammar check finds no error in: each needs a decision. */
  kept: Candidate[];
  /** Candidates the grammar check rejected, with the LanguageTool rules that matched. */
  flagged: Array<Candidate & { errors: string[] }>;
}

/** Grammar errors per candidate sentence ([] = none), as the edge found them. */
export type GrammarResults = ReadonlyMap<string, readonly string[]>;

export function buildAudit(items: readonly JumbledLike[], grammar: GrammarResults, checker: string): CandidateAudit {
  const audited = items.map((item): AuditedItem => {
    const kept: Candidate[] = [];
    const flagged: AuditedItem['flagged'] = [];
    for (const candidate of candidatesFor(item)) {
      const errors = grammar.get(candidate.sentence);
      if (!errors) throw new Error(`no grammar result for "${candidate.sentence}"`);
      if (errors.length === 0) kept.push(candidate);
      else flagged.push({ ...candidate, errors: [...errors] });
    }
    return { id: item.id, answer: item.answer, kept, flagged };
  });
  const keptPerRule: Record<string, number> = {};
  for (const c of audited.flatMap((i) => i.kept)) for (const r of c.rules) keptPerRule[r] = (keptPerRule[r] ?? 0) + 1;
  const kept = audited.reduce((n, i) => n + i.kept.length, 0);
  const flagged = audited.reduce((n, i) => n + i.flagged.length, 0);
  return {
    about: 'candidate orders of every jumbled item (issue #42): generated from the key by the rules named, checked by LanguageTool; every kept candidate needs a decision in decisions.<reviewer>.json',
    run: 'npm run content:jumbled-candidates (LanguageTool running: npm run stack -- start languagetool --profile dev)',
    grammarCheck: { checker, languages: ['en-US', 'en-GB'], kept: 'no error in either language, leaving out punctuation, typography, style hints and any match the key has too' },
    summary: { items: audited.length, generated: kept + flagged, flagged, kept, keptPerRule: sortedRecord(keptPerRule) },
    items: audited,
  };
}

/**
 * Where the committed audit no longer matches what the generators give for today's bank: an item
 * added, removed or changed without rerunning the tool, or generators changed.
 */
export function staleness(audit: Pick<CandidateAudit, 'items'>, items: readonly JumbledLike[]): string[] {
  const problems: string[] = [];
  const logged = new Map(audit.items.map((i) => [i.id, i]));
  for (const item of items) {
    const entry = logged.get(item.id);
    if (!entry) {
      problems.push(`jumbled ${item.id}: not in the audit (run the tool)`);
      continue;
    }
    if (entry.answer !== item.answer) problems.push(`jumbled ${item.id}: the audit has the key "${entry.answer}", the bank "${item.answer}"`);
    const want = candidatesFor(item).map(describe);
    const have = [...entry.kept, ...entry.flagged].map(describe).sort();
    const missing = want.filter((c) => !have.includes(c));
    const extra = have.filter((c) => !want.includes(c));
    for (const c of missing) problems.push(`jumbled ${item.id}: generated today, not in the audit: ${c}`);
    for (const c of extra) problems.push(`jumbled ${item.id}: in the audit, no longer generated: ${c}`);
  }
  const ids = new Set(items.map((i) => i.id));
  for (const entry of audit.items) if (!ids.has(entry.id)) problems.push(`jumbled ${entry.id}: in the audit, not in the bank`);
  return problems;
}

const describe = (c: Candidate): string => `"${c.sentence}" (${c.rules.join(' ')})`;

function sortedRecord(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
