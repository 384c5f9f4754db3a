import { comparable } from '../text';
import type { AuditedItem } from './audit-file';
import type { JumbledLike } from './candidates';

/**
 * A reviewer's decision on one candidate order (audit/jumbled-candidates/decisions.<reviewer>.json).
 * accept: listed in the item's alternatives; rewrite: the item's words changed so that the order
 * is no longer possible; refuse: not accepted, for the reason given.
 */
export interface Decision {
  id: number;
  sentence: string;
  decision: 'accept' | 'rewrite' | 'refuse';
  /** The CONTENT-GUIDE rule that admits (accept) or excludes (refuse, rewrite) the order. */
  rule: string;
  reason: string;
  decidedBy: string;
}

export interface DecisionsFile {
  reviewer: string;
  decisions: Decision[];
}

const keyOf = (id: number, sentence: string): string => `${id}|${comparable(sentence)}`;

/** Kept candidates a reviewer has not decided: a new or changed item that skipped the review. */
export function undecided(items: readonly AuditedItem[], file: DecisionsFile): string[] {
  const decided = new Set(file.decisions.map((d) => keyOf(d.id, d.sentence)));
  return items.flatMap((item) => item.kept.filter((c) => !decided.has(keyOf(item.id, c.sentence))).map((c) => `jumbled ${item.id}: "${c.sentence}" (${c.rules.join(' ')})`));
}

/**
 * Decisions the bank does not carry out: an accepted order that is not listed, a refused one
 * that is listed, a rewrite that left the order possible, or one order decided twice.
 */
export function notCarriedOut(bank: readonly JumbledLike[], items: readonly AuditedItem[], file: DecisionsFile): string[] {
  const byId = new Map(bank.map((i) => [i.id, i]));
  const generated = new Map(items.map((i) => [i.id, new Set([...i.kept, ...i.flagged].map((c) => comparable(c.sentence)))]));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const d of file.decisions) {
    const where = `jumbled ${d.id}: "${d.sentence}" (${d.decision})`;
    const key = keyOf(d.id, d.sentence);
    if (seen.has(key)) problems.push(`${where}: decided twice`);
    seen.add(key);
    const item = byId.get(d.id);
    if (!item) {
      problems.push(`${where}: no such item`);
      continue;
    }
    const listed = [item.answer, ...(item.alternatives ?? [])].map(comparable).includes(comparable(d.sentence));
    const stillGenerated = generated.get(d.id)?.has(comparable(d.sentence)) ?? false;
    if (d.decision === 'accept' && !listed) problems.push(`${where}: accepted but not listed in the item's alternatives`);
    if (d.decision !== 'accept' && listed) problems.push(`${where}: listed in the item, but not accepted`);
    if (d.decision === 'rewrite' && stillGenerated) problems.push(`${where}: the words were to be changed, but the order is still possible`);
    if (d.decision === 'refuse' && !stillGenerated) problems.push(`${where}: refused, but the tool no longer generates it (item changed: decide again)`);
    if (!d.rule || !d.reason) problems.push(`${where}: a decision needs a rule and a reason`);
  }
  return problems;
}

/** Candidates two reviewers decided differently (decision or rule), for the lead to resolve. */
export function disagreements(a: DecisionsFile, b: DecisionsFile): string[] {
  const other = new Map(b.decisions.map((d) => [keyOf(d.id, d.sentence), d]));
  return a.decisions.flatMap((d) => {
    const o = other.get(keyOf(d.id, d.sentence));
    if (!o || (o.decision === d.decision && o.rule === d.rule)) return [];
    return [`jumbled ${d.id}: "${d.sentence}": ${a.reviewer} ${d.decision} (${d.rule}: ${d.reason}); ${b.reviewer} ${o.decision} (${o.rule}: ${o.reason})`];
  });
}

/**
 * The decision the bank must carry out for each decided order: the lead's resolution where there
 * is one, else the independent reviewers' agreed decision (or the only one given so far: the
 * missing one is reported by `undecided`). Orders the reviewers decided differently (accept,
 * rewrite or refuse) without a resolution are `unresolved`; a different rule alone is not a
 * disagreement to resolve, since the bank does the same either way.
 */
export function finalDecisions(first: DecisionsFile, second: DecisionsFile, lead?: DecisionsFile): { decisions: Decision[]; unresolved: string[] } {
  const resolved = new Map((lead?.decisions ?? []).map((d) => [keyOf(d.id, d.sentence), d]));
  const byKey = new Map<string, { a?: Decision; b?: Decision }>();
  for (const d of first.decisions) byKey.set(keyOf(d.id, d.sentence), { ...byKey.get(keyOf(d.id, d.sentence)), a: d });
  for (const d of second.decisions) byKey.set(keyOf(d.id, d.sentence), { ...byKey.get(keyOf(d.id, d.sentence)), b: d });
  const decisions: Decision[] = [];
  const unresolved: string[] = [];
  for (const [key, { a, b }] of byKey) {
    const resolution = resolved.get(key);
    if (resolution) decisions.push(resolution);
    else if (a && b && a.decision !== b.decision) unresolved.push(`jumbled ${a.id}: "${a.sentence}": ${first.reviewer} ${a.decision}, ${second.reviewer} ${b.decision}: no lead resolution`);
    else {
      const agreed = a ?? b;
      if (agreed) decisions.push(agreed);
    }
  }
  // A resolution of an order neither reviewer decided is still a decision the bank must carry out.
  for (const [key, d] of resolved) if (!byKey.has(key)) decisions.push(d);
  return { decisions, unresolved };
}
