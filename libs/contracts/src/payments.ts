/** SPEC.md §9: the premium price in USD cents; the server decides what is charged, never the client. */
export const PREMIUM_PRICE_CENTS = 4999;
export const PREMIUM_CURRENCY = 'usd';

/** 'Pay $49.99': the amount divided by 100 with two decimals (ARCHITECTURE.md, resolved ambiguity 4). */
export const formatPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
