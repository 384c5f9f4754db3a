import { describe, expect, it } from 'vitest';
import { isValidTestId, jumbledForDisplay, MAX_TEST_ID, MIN_TEST_ID } from './mock-tests';

describe('isValidTestId (docs/product.md#the-test-screen: a testId missing or outside 1 to 20 is the invalid-test screen)', () => {
  it.each([1, 2, 19, 20])('accepts %s', (testId) => {
    expect(isValidTestId(testId)).toBe(true);
  });

  it.each([[0], [21], [-1], [3.5], ['3'], [NaN], [Infinity], [undefined], [null], [{ valueOf: () => 3 }]])('refuses %s', (testId) => {
    expect(isValidTestId(testId)).toBe(false);
  });

  it('spans exactly the 20 numbered tests', () => {
    expect([MIN_TEST_ID, MAX_TEST_ID]).toEqual([1, 20]);
  });
});

describe('jumbledForDisplay (docs/product.md#the-test-screen: the slash-separated words are shown separated by spaces)', () => {
  it('keeps the scrambled order and puts one space between the words', () => {
    expect(jumbledForDisplay('park/we/to/walk/the')).toBe('park we to walk the');
  });

  it('drops the spaces around a slash and empty pieces', () => {
    expect(jumbledForDisplay(' the cat / sat/ on/the mat. /')).toBe('the cat sat on the mat.');
  });
});
