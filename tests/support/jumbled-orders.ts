import { randomInt } from 'node:crypto';
import { jumbledOrderKey } from '@fluent/scoring';
import type { JumbledItem } from '@fluent/contracts';

/**
 * An order of the item's words that the bank does not list, new to this run: accepted orders stay
 * in the stack's database between runs (and an accepted order is scored right at once), so each
 * run needs one no earlier run has accepted. A random order of the key's words is one.
 */
export function freshUnlistedOrder(item: Pick<JumbledItem, 'answer' | 'alternatives'>): string {
  const words = item.answer.replace(/[.?!]$/, '').split(' ');
  const listed = new Set([item.answer, ...(item.alternatives ?? [])].map(jumbledOrderKey));
  for (;;) {
    const shuffled = [...words];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = randomInt(0, i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const sentence = `${shuffled.join(' ')}.`;
    if (!listed.has(jumbledOrderKey(sentence))) return sentence;
  }
}
