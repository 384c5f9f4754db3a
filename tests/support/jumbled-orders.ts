import { randomInt } from 'node:crypto';
import { jumbledOrderKey } from '@fluent/scoring';
import type { MongoClient } from 'mongodb';
import type { JumbledItem } from '@fluent/contracts';

/** Orders handed out in this test file so far: two tests of one file never get the same order. */
const handedOut = new Set<string>();

/**
 * An order of the item's words that the bank does not list, new to this run: accepted and refused
 * orders stay in the stack's database between runs and tests (an accepted order is scored right at
 * once; a decided one cannot be decided otherwise), so each test needs one that no test has had and
 * the database holds no decision for (`decided`, from `decidedOrders`). A random order of the key's
 * words is one: with a short key (6 words, 720 orders) two random draws meet often enough to make a
 * test fail at random, which is why both sets are left out.
 */
export function freshUnlistedOrder(item: Pick<JumbledItem, 'answer' | 'alternatives'>, decided: ReadonlySet<string> = new Set()): string {
  const words = item.answer.replace(/[.?!]$/, '').split(' ');
  const listed = new Set([item.answer, ...(item.alternatives ?? [])].map(jumbledOrderKey));
  for (let tries = 0; tries < 100_000; tries += 1) {
    const shuffled = [...words];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = randomInt(0, i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const sentence = `${shuffled.join(' ')}.`;
    const key = jumbledOrderKey(sentence);
    if (listed.has(key) || decided.has(key) || handedOut.has(key)) continue;
    handedOut.add(key);
    return sentence;
  }
  throw new Error(`no order of "${item.answer}" is left that the bank does not list and no test has had (reset the test profile's data)`);
}

/** The orders of an item the stack's database holds an operator's decision for (by the decisions' unique index). */
export async function decidedOrders(mongo: MongoClient, itemId: number): Promise<Set<string>> {
  const rows = await mongo.db().collection('jumbledOrderDecisions').find({ itemId }, { projection: { _id: 0, order: 1 } }).toArray();
  return new Set(rows.map((row) => String(row['order'])));
}
