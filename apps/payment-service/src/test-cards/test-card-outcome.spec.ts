import { describe, expect, it } from 'vitest';
import { decideTestCard, expiryInFuture, passesLuhn } from './test-card-outcome';

const now = new Date('2026-11-23T12:00:00Z');
const card = (cardNumber: string, expiry = '12/30', cvc = '123') => decideTestCard({ cardNumber, expiry, cvc }, now);

describe('decideTestCard (Stripe test mode by its documented numbers)', () => {
  it('lets 4242 4242 4242 4242 and the other success numbers through', () => {
    expect(card('4242424242424242')).toEqual({ status: 'succeeded' });
    expect(card('5555555555554444')).toEqual({ status: 'succeeded' });
    expect(card('378282246310005', '12/30', '1234')).toEqual({ status: 'succeeded' });
  });

  it("declines 4000 0000 0000 0002 with 'Your card was declined.'", () => {
    expect(card('4000000000000002')).toEqual({ status: 'declined', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
  });

  it('declines 4000 0000 0000 9995 for insufficient funds', () => {
    expect(card('4000000000009995')).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('refuses a mistyped number, a past expiry and a short CVC before the number decides', () => {
    expect(card('4242424242424241')).toMatchObject({ status: 'declined', code: 'incorrect_number', field: 'cardNumber' });
    expect(card('4242424242424242', '10/26')).toMatchObject({ status: 'declined', field: 'expiry' });
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ status: 'declined', field: 'cvc' });
    expect(card('378282246310005', '12/30', '123')).toMatchObject({ status: 'declined', field: 'cvc' });
  });

  it('declines any other valid number as a live card, which test mode never charges', () => {
    expect(card('4111111111111111')).toMatchObject({ status: 'declined', declineCode: 'live_mode_test_card' });
  });
});

describe('passesLuhn / expiryInFuture', () => {
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('counts the expiry month as valid to its end', () => {
    expect(expiryInFuture('11/26', now)).toBe(true);
    expect(expiryInFuture('11 / 26', now)).toBe(true);
    expect(expiryInFuture('10/26', now)).toBe(false);
    expect(expiryInFuture('1/26', now)).toBe(false);
  });
});
