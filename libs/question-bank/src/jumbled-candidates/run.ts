import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { questionBank } from '../bank';
import { buildAudit, type CandidateAudit } from './audit-file';
import { candidatesFor, type JumbledLike } from './candidates';
import { acceptedOrderMatches, errorsOf, languageToolCheck, type GrammarCheck } from './languagetool';

export const AUDIT_DIR = join(__dirname, '..', '..', 'audit', 'jumbled-candidates');
export const AUDIT_FILE = join(AUDIT_DIR, 'candidates.json');

/**
 * Generates the candidates of every jumbled item, checks each new one with LanguageTool (results
 * for sentences the committed audit already holds are reused unless `recheck`), and writes the
 * audit. Deterministic for a given bank and LanguageTool version.
 */
export async function runJumbledCandidates(options: { url: string; recheck: boolean; log: (line: string) => void }): Promise<CandidateAudit> {
  const items: JumbledLike[] = questionBank().jumbled;
  const lt = languageToolCheck(options.url);
  const checker = await lt.version();
  const previous = options.recheck ? new Map<string, string[]>() : previousResults(checker);
  const grammar = new Map<string, string[]>();
  const queue = items.flatMap((item) => candidatesFor(item).map((c) => ({ item, sentence: c.sentence })));
  // The promise is kept, not its result, so workers on one item share one check of its listed orders.
  const keyMatches = new Map<number, Promise<Awaited<ReturnType<GrammarCheck>>[]>>();
  let checked = 0;
  const work = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { item, sentence } = next;
      const known = previous.get(sentence);
      if (known) {
        grammar.set(sentence, known);
        continue;
      }
      let pending = keyMatches.get(item.id);
      if (!pending) {
        pending = acceptedOrderMatches(item, lt.check);
        keyMatches.set(item.id, pending);
      }
      const key = await pending;
      const [us, gb] = await Promise.all([lt.check(sentence, 'en-US'), lt.check(sentence, 'en-GB')]);
      grammar.set(sentence, [...new Set([...errorsOf(us, key[0] ?? []), ...errorsOf(gb, key[1] ?? [])])].sort());
      if (++checked % 100 === 0) options.log(`checked ${checked}`);
    }
  };
  await Promise.all([work(), work(), work()]);
  const audit = buildAudit(items, grammar, checker);
  writeFileSync(AUDIT_FILE, `${JSON.stringify(audit, null, 2)}\n`);
  options.log(`${audit.summary.generated} candidates, ${audit.summary.kept} kept, ${audit.summary.flagged} flagged by LanguageTool (${checked} checked now) → ${AUDIT_FILE}`);
  return audit;
}

/**
 * The committed audit's grammar results, by sentence, for the candidates it kept. Flagged ones are
 * checked again: their errors were judged against the accepted orders of that run, which a listing
 * since may have changed.
 */
function previousResults(checker: string): Map<string, string[]> {
  try {
    const audit = JSON.parse(readFileSync(AUDIT_FILE, 'utf8')) as CandidateAudit;
    if (audit.grammarCheck.checker !== checker) return new Map();
    return new Map(audit.items.flatMap((i) => i.kept.map((c) => [c.sentence, []] as [string, string[]])));
  } catch {
    return new Map();
  }
}
