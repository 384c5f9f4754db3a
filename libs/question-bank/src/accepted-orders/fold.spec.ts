import { describe, expect, it } from 'vitest';
import { bankFileText, foldAcceptedOrders, type BankFile } from './fold';

const files = (): BankFile[] => [
  { name: 'test-01.json', json: { test: 1, jumbled: [{ id: 7, answer: 'She suggested that we try the new Thai restaurant.' }] } },
  { name: 'test-02.json', json: { test: 2, jumbled: [{ id: 8, answer: 'Our removal company lost one of the boxes.', alternatives: ['The removal company lost one of our boxes.'] }] } },
];
const thai = { itemId: 7, order: 'we suggested that she try the new thai restaurant', sentence: 'We suggested that she try the new Thai restaurant.' };

describe('foldAcceptedOrders (npm run bank:fold-orders)', () => {
  it("writes an accepted order as an alternative of its item, in the item's file only", () => {
    const result = foldAcceptedOrders(files(), [thai]);
    expect(result.folded).toEqual([{ file: 'test-01.json', itemId: 7, sentence: thai.sentence }]);
    expect(result.changed.map((f) => f.name)).toEqual(['test-01.json']);
    expect(result.changed[0]!.json.jumbled![0]!.alternatives).toEqual([thai.sentence]);
  });

  it('leaves an order the item lists already (key or alternative, in any case or punctuation), and changes nothing when folded twice', () => {
    const listed = { itemId: 8, order: 'the removal company lost one of our boxes', sentence: 'The removal company lost one of our boxes.' };
    const once = foldAcceptedOrders(files(), [thai, listed]);
    expect(once.listed).toEqual([listed]);
    const folded = files().map((f) => once.changed.find((c) => c.name === f.name) ?? f);
    const twice = foldAcceptedOrders(folded, [thai, listed]);
    expect(twice.changed).toEqual([]);
    expect(twice.listed).toEqual([listed, thai].sort((a, b) => a.itemId - b.itemId));
  });

  it('reports an order of an item no file has, and does not touch the files it was given', () => {
    const given = files();
    const before = JSON.stringify(given);
    const result = foldAcceptedOrders(given, [{ itemId: 999, order: 'x y', sentence: 'X y.' }]);
    expect(result.unknown).toEqual([{ itemId: 999, order: 'x y', sentence: 'X y.' }]);
    expect(result.changed).toEqual([]);
    expect(JSON.stringify(given)).toBe(before);
  });

  it('writes a file as the bank keeps them (two spaces, final newline)', () => {
    expect(bankFileText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});
