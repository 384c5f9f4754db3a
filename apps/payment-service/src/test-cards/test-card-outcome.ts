/**
 * Offline mode decides a card payment the way Stripe's test mode does, by its documented test card
 * numbers (stripe.com/docs/testing), with Stripe's own messages. stripe-mock cannot decline, so
 * this table is the stand-in for Stripe's decision.
 */

export type TestCardOutcome =
  | { status: 'succeeded' }
  | { status: 'declined'; code: string; declineCode?: string; message: string; field?: 'cardNumber' | 'expiry' | 'cvc' };

const DECLINED = 'Your card was declined.';

/** Numbers that succeed (Visa, Visa debit, Mastercard, Mastercard 2-series, Amex, Discover). */
const SUCCEEDING = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117']);

const DECLINES: Record<string, Omit<Extract<TestCardOutcome, { status: 'declined' }>, 'status'>> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.', field: 'expiry' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect.", field: 'cvc' },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

/** The Luhn check every card number passes (and a mistyped one almost never does). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** True when MM/YY is this month or later (a card is valid to the end of its expiry month). */
export function expiryInFuture(expiry: string, now: Date): boolean {
  const match = /^(\d{2}) ?\/ ?(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * Stripe's answer to a card (number already reduced to digits). Any other valid number is a "live"
 * card, which test mode refuses; the checks on number, expiry and CVC come first, as at Stripe.
 */
export function decideTestCard(card: { cardNumber: string; expiry: string; cvc: string }, now: Date): TestCardOutcome {
  if (!passesLuhn(card.cardNumber)) {
    return { status: 'declined', code: 'incorrect_number', message: 'Your card number is incorrect.', field: 'cardNumber' };
  }
  if (!expiryInFuture(card.expiry, now)) {
    return { status: 'declined', code: 'invalid_expiry_year', message: "Your card's expiration date is in the past.", field: 'expiry' };
  }
  const expectedCvcLength = card.cardNumber.startsWith('34') || card.cardNumber.startsWith('37') ? 4 : 3;
  if (card.cvc.length !== expectedCvcLength) {
    return { status: 'declined', code: 'invalid_cvc', message: "Your card's security code is invalid.", field: 'cvc' };
  }
  if (SUCCEEDING.has(card.cardNumber)) return { status: 'succeeded' };
  const decline = DECLINES[card.cardNumber];
  if (decline) return { status: 'declined', ...decline };
  return {
    status: 'declined',
    code: 'card_declined',
    declineCode: 'live_mode_test_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test (live) card. Use one of the test cards (4242 4242 4242 4242).',
    field: 'cardNumber',
  };
}
