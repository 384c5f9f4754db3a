// What payments answer in words. Apart from the schemas, so that a page showing one of them does not
// load the validation library with it.

export const PaymentErrors = {
  wrongAmount: 'The amount does not match the premium price.',
  alreadyPaid: 'You have already unlocked all premium tests.',
  badSignature: 'The webhook signature could not be verified.',
  testCardsOffline: 'Test cards are accepted only while payments run offline (without Stripe keys).',
  paymentsUnavailable: 'Payments are unavailable right now. Please try again.',
  intentNotFound: 'This payment was not found. Please start the payment again.',
} as const;
