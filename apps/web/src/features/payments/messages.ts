/** The texts of the purchase (docs/product.md#payment). */
export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! You now have access to all premium tests.';
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';
/** The payment went through but the unlock did not show up in time (the services catch up later). */
export const UNLOCK_TIMEOUT_MESSAGE =
  'Your payment went through, but unlocking the premium tests is taking longer than usual. Please refresh the page in a minute.';
