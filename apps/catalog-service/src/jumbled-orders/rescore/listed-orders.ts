import type { JumbledItem } from '@fluent/contracts';
import { jumbledOrderKey } from '@fluent/scoring';

/** An order the bank's JSON lists for an item, as the accepted-order event announces it. */
export interface ListedOrder {
  itemId: number;
  /** In jumbledOrderKey form. */
  order: string;
  sentence: string;
}

/**
 * Every alternative order the bank lists, once per item and order. A release that adds an
 * alternative (the candidate audit, a folded overlay) makes it right for new attempts only: a
 * stored attempt that gave it was scored wrong by the release before. rescore-jumbled-orders
 * announces these like accepted orders so that those attempts are rescored too. The key itself is
 * left out: it was right in every release.
 */
export function listedAlternatives(jumbled: readonly Pick<JumbledItem, 'id' | 'answer' | 'alternatives'>[]): ListedOrder[] {
  const seen = new Set<string>();
  const listed: ListedOrder[] = [];
  for (const item of jumbled) {
    const key = jumbledOrderKey(item.answer);
    for (const sentence of item.alternatives ?? []) {
      const order = jumbledOrderKey(sentence);
      const id = `${item.id}:${order}`;
      if (order === key || seen.has(id)) continue;
      seen.add(id);
      listed.push({ itemId: item.id, order, sentence });
    }
  }
  return listed;
}
