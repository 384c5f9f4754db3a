/** The mock tests' constants: numbering and levels (docs/product.md#the-tests); their shapes are in schemas.ts, their sections in sections.ts. */

export const TEST_COUNT = 20;
export const MIN_TEST_ID = 1;
export const MAX_TEST_ID = TEST_COUNT;

export const TEST_LEVELS = ['Easy', 'Moderate', 'Hard'] as const;
export type TestLevel = (typeof TEST_LEVELS)[number];

/** Tests 1-3 Easy; 4-8 Moderate; 9-12 Hard; 13-20 Moderate. */
export function testLevel(testId: number): TestLevel {
  if (testId <= 3) return 'Easy';
  if (testId <= 8) return 'Moderate';
  if (testId <= 12) return 'Hard';
  return 'Moderate';
}

export function isValidTestId(testId: unknown): testId is number {
  return typeof testId === 'number' && Number.isInteger(testId) && testId >= MIN_TEST_ID && testId <= MAX_TEST_ID;
}

/** A jumbled item's words as they are shown: in the scrambled order, separated by spaces (docs/product.md#the-test-screen). */
export const jumbledForDisplay = (jumbled: string): string =>
  jumbled
    .split('/')
    .map((word) => word.trim())
    .filter(Boolean)
    .join(' ');
