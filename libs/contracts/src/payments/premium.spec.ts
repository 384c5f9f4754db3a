import { describe, expect, it } from 'vitest';
import { formatPrice, PREMIUM_PRICE_CENTS } from './premium';

describe('formatPrice (the Pay button and the information pages)', () => {
  it('shows the premium price as dollars with two decimals', () => {
    expect(formatPrice(PREMIUM_PRICE_CENTS)).toBe('$49.99');
  });

  it('keeps both decimals when the cents end in zero', () => {
    expect(formatPrice(5000)).toBe('$50.00');
    expect(formatPrice(4990)).toBe('$49.90');
    expect(formatPrice(5)).toBe('$0.05');
  });
});
