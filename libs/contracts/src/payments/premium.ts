// The premium offer's facts. Apart from the schemas in schemas.ts, so that a page naming the
// price (the information pages) does not load the validation library with it.


/**
 * docs/product.md#payment: the premium price in USD cents; the server decides what is charged, never the client.
 * These are the defaults of payment-service's PREMIUM_PRICE_CENTS / PREMIUM_CURRENCY; the browser
 * reads the price in force from GET /api/payments/config.
 */
export const PREMIUM_PRICE_CENTS = 4999;

export const PREMIUM_CURRENCY = 'usd';

/** 'Pay $49.99': the amount divided by 100 with two decimals (docs/product.md#payment). */
export const formatPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** How many tests are free when FREE_TEST_COUNT is not set (tests 1-3; 4-20 are the 17 premium tests). */
export const DEFAULT_FREE_TEST_COUNT = 3;

/**
 * The premium rule (docs/product.md#payment): tests 1..freeTestCount are free, every later one
 * needs the one-off payment. `freeTestCount` is the deployment's FREE_TEST_COUNT
 * (DEFAULT_FREE_TEST_COUNT when unset); catalog-service and the practice cards both ask here.
 */
export const isPremiumTest = (testId: number, freeTestCount: number): boolean => testId > freeTestCount;
