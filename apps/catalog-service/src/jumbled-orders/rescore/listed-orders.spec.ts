import { describe, expect, it } from 'vitest';
import { questionBank } from '@fluent/question-bank';
import { jumbledOrderKey } from '@fluent/scoring';
import { listedAlternatives } from './listed-orders';

describe('listedAlternatives', () => {
  it('lists each alternative of each item once, in jumbledOrderKey form with its sentence, and never the key', () => {
    const items = [
      { id: 7, answer: 'She gave him the book.', alternatives: ['She gave the book to him.', 'she gave the book to him', 'Did she give him the book?', 'She gave him the book!'] },
      { id: 8, answer: 'We left early.' },
      { id: 9, answer: 'Early we left.', alternatives: ['We left early.'] },
    ];
    expect(listedAlternatives(items)).toEqual([
      { itemId: 7, order: jumbledOrderKey('She gave the book to him.'), sentence: 'She gave the book to him.' },
      { itemId: 7, order: jumbledOrderKey('Did she give him the book?'), sentence: 'Did she give him the book?' },
      // Item 9's alternative is item 8's key: the same order of another item is another order.
      { itemId: 9, order: jumbledOrderKey('We left early.'), sentence: 'We left early.' },
    ]);
  });

  it('covers every alternative the bank lists today', () => {
    const { jumbled } = questionBank();
    const listed = listedAlternatives(jumbled);
    const expected = new Set(jumbled.flatMap((item) => (item.alternatives ?? []).map((a) => `${item.id}:${jumbledOrderKey(a)}`).filter((id) => id !== `${item.id}:${jumbledOrderKey(item.answer)}`)));
    expect(new Set(listed.map((o) => `${o.itemId}:${o.order}`))).toEqual(expected);
    expect(listed).toHaveLength(expected.size);
    expect(listed.length).toBeGreaterThan(100);
  });
});
