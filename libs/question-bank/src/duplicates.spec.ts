import { describe, expect, it } from 'vitest';
import { findNearDuplicates } from './duplicates';

const passage =
  'Honeybees make honey from nectar, a sweet liquid that they collect from flowers. Back at the hive, the bees pass the nectar from one to another, and natural enzymes begin to change it.';

describe('findNearDuplicates', () => {
  it('flags a short item reused with its words moved about', () => {
    expect(
      findNearDuplicates([
        { where: 'a', text: 'The old bakery sells fresh bread every morning.' },
        { where: 'b', text: 'Every morning the old bakery sells fresh bread!' },
      ]),
    ).toEqual(['a ~ b: "The old bakery sells fresh bread every morning." / "Every morning the old bakery sells fresh bread!"']);
  });

  it('flags a long text that copies runs of another, even when reworded around them', () => {
    const copy = passage.replace('a sweet liquid that they collect', 'a sweet liquid they gather').replace('Back at the hive,', 'In the hive');
    expect(findNearDuplicates([{ where: 'p1', text: passage }, { where: 'p2', text: copy }])).toHaveLength(1);
  });

  it('lets two texts on one topic, written apart, pass', () => {
    const other =
      'A bee colony works as a team. Some bees guard the entrance while others fly out to find flowers, and young workers clean the cells and feed the larvae inside the nest.';
    expect(findNearDuplicates([{ where: 'p1', text: passage }, { where: 'p2', text: other }])).toEqual([]);
  });

  it.each([
    ['share half their words', 'Maria bought fresh bread at the bakery this morning.', 'Tom buys fresh bread at the bakery this morning.'],
    ['share a set phrase', 'Could you tell me where the nearest pharmacy is?', 'Could you tell me where the changing rooms are?'],
  ])('lets two short items that %s pass', (_, a, b) => {
    expect(findNearDuplicates([{ where: 'a', text: a }, { where: 'b', text: b }])).toEqual([]);
  });
});
