import { describe, expect, it } from 'vitest';
import { isValidTestId, MAX_TEST_ID, MIN_TEST_ID } from './tests';

describe('isValidTestId (SPEC.md §4: a testId missing or outside 1 to 20 is the invalid-test screen)', () => {
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
