/**
 * The grammar check of the candidates: LanguageTool's /v2/check, in American and British English
 * as the feedback service calls it. This is the tool's only edge; everything else is pure.
 */
export interface GrammarMatch {
  ruleId: string;
  categoryId: string;
  /** LanguageTool's kind of match: "grammar", "misspelling", "style", … */
  issueType: string;
  /** The text the match covers. */
  text: string;
}

export type GrammarCheck = (sentence: string, language: 'en-US' | 'en-GB') => Promise<GrammarMatch[]>;

interface CheckResponse {
  software?: { version?: string };
  matches?: Array<{ offset: number; length: number; rule?: { id?: string; issueType?: string; category?: { id?: string } } }>;
}

export function languageToolCheck(url: string, timeoutMs = 30_000): { check: GrammarCheck; version: () => Promise<string> } {
  const post = async (text: string, language: string): Promise<CheckResponse> => {
    const body = new URLSearchParams({ text, language });
    if (language === 'en-GB') body.set('disabledCategories', 'BRE_STYLE_OXFORD_SPELLING');
    const response = await fetch(`${url}/v2/check`, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`LanguageTool answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as CheckResponse;
  };
  return {
    check: async (sentence, language) =>
      ((await post(sentence, language)).matches ?? []).map((m) => ({
        ruleId: m.rule?.id ?? 'UNKNOWN',
        categoryId: m.rule?.category?.id ?? 'UNKNOWN',
        issueType: m.rule?.issueType ?? 'UNKNOWN',
        text: sentence.slice(m.offset, m.offset + m.length),
      })),
    version: async () => `LanguageTool ${(await post('Hello.', 'en-GB')).software?.version ?? '?'}`,
  };
}

/**
 * The matches that count as an error in a candidate: not punctuation or typography (jumbled
 * words carry no commas; scoring ignores them), not a style hint ("all of the" → "all the" is
 * correct English), and not a match an order the item accepts has too (a name the speller does not
 * know, a British spelling in en-US, a rule that dislikes the item's own words).
 */
export function errorsOf(candidate: readonly GrammarMatch[], accepted: readonly GrammarMatch[]): string[] {
  const inKey = new Set(accepted.map((m) => `${m.ruleId}|${m.text.toLowerCase()}`));
  return [
    ...new Set(
      candidate
        .filter((m) => m.categoryId !== 'PUNCTUATION' && m.categoryId !== 'TYPOGRAPHY' && m.issueType !== 'style')
        .filter((m) => !inKey.has(`${m.ruleId}|${m.text.toLowerCase()}`))
        .map((m) => m.ruleId),
    ),
  ].sort();
}

/**
 * LanguageTool's matches on every order the item accepts (the key and its listed alternatives), per
 * language: a flag an accepted order carries too is about the item's words, not about the
 * candidate's order (in the eighth blind draw, THE_SUPERLATIVE on the listed "… cause least
 * disruption to the businesses?" flagged the same words fronted, and no reviewer saw that order).
 */
export async function acceptedOrderMatches(item: { answer: string; alternatives?: string[] }, check: GrammarCheck): Promise<GrammarMatch[][]> {
  const us: GrammarMatch[] = [];
  const gb: GrammarMatch[] = [];
  // One order at a time (both languages together), as the candidates are checked: an item with a
  // dozen listed orders sent at once got LanguageTool's 503 "too many parallel requests".
  for (const order of [item.answer, ...(item.alternatives ?? [])]) {
    const [u, g] = await Promise.all([check(order, 'en-US'), check(order, 'en-GB')]);
    us.push(...u);
    gb.push(...g);
  }
  return [us, gb];
}
