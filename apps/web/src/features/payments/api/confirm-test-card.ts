import type { CardPaymentResult, TestCardPaymentInput } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** Offline mode's card confirmation: 200 when the test card succeeds, 402 with Stripe's message when declined. */
export const confirmTestCard = (input: TestCardPaymentInput): Promise<CardPaymentResult> =>
  apiRequest<CardPaymentResult>('/api/payments/test-confirm', { method: 'POST', body: input });
