// What the catalog answers in words. Apart from the schemas, so that a page showing one of them does
// not load the validation library with it.

/** docs/product.md#test-cards: the alert on an attempted card, and the 409 of a submission beyond the allowance. */
export const ALREADY_ATTEMPTED_MESSAGE = 'You have already attempted this test.';

export const CatalogErrors = {
  testNotFound: 'Test not found. Choose a test from Test 1 to Test 20.',
  premiumLocked: 'This is a premium test. Unlock the premium tests to take it.',
  alreadyAttempted: ALREADY_ATTEMPTED_MESSAGE,
  submissionForOtherTest: 'This submission id was already used for another test.',
  attemptNotFound: 'Attempt not found.',
} as const;
