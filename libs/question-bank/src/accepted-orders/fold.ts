import { jumbledOrderKey } from '@fluent/scoring';

/** An order operators accepted (catalog-service's jumbledOrderDecisions, decision `accept`). */
export interface AcceptedOrderRecord {
  itemId: number;
  /** In jumbledOrderKey form. */
  order: string;
  /** The sentence the bank lists for it. */
  sentence: string;
}

/** One of the bank's data files: its name and its parsed JSON. */
export interface BankFile {
  name: string;
  json: { jumbled?: { id: number; answer: string; alternatives?: string[] }[] } & Record<string, unknown>;
}

export interface FoldResult {
  /** The files that change, with their new JSON (the others are left as they are). */
  changed: BankFile[];
  /** Each order written into a file as an alternative. */
  folded: { file: string; itemId: number; sentence: string }[];
  /** Orders the file lists already (as the key or an alternative): nothing to do. */
  listed: AcceptedOrderRecord[];
  /** Orders of an item no file has (removed from the bank since): reported, never written. */
  unknown: AcceptedOrderRecord[];
}

/**
 * Folds accepted orders into the bank's data files for the next release: each becomes an
 * alternative of its item (after the ones listed), unless the item lists it already. Pure: the
 * files are not touched; the caller writes `changed`. Folding the result again changes nothing.
 */
export function foldAcceptedOrders(files: readonly BankFile[], accepted: readonly AcceptedOrderRecord[]): FoldResult {
  const result: FoldResult = { changed: [], folded: [], listed: [], unknown: [] };
  const copies = files.map((file) => ({ name: file.name, json: structuredClone(file.json), touched: false }));
  const sorted = [...accepted].sort((a, b) => a.itemId - b.itemId || a.order.localeCompare(b.order));
  for (const order of sorted) {
    const home = copies.find((file) => file.json.jumbled?.some((item) => item.id === order.itemId));
    const item = home?.json.jumbled?.find((it) => it.id === order.itemId);
    if (!home || !item) {
      result.unknown.push(order);
      continue;
    }
    const listed = [item.answer, ...(item.alternatives ?? [])].map(jumbledOrderKey);
    if (listed.includes(order.order)) {
      result.listed.push(order);
      continue;
    }
    item.alternatives = [...(item.alternatives ?? []), order.sentence];
    home.touched = true;
    result.folded.push({ file: home.name, itemId: order.itemId, sentence: order.sentence });
  }
  result.changed = copies.filter((file) => file.touched).map(({ name, json }) => ({ name, json }));
  return result;
}

/** A data file as the bank writes them: two-space JSON and a final newline. */
export const bankFileText = (json: unknown): string => `${JSON.stringify(json, null, 2)}\n`;
