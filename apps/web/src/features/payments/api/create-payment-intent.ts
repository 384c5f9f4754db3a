import type { CreatePaymentIntentResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** docs/product.md#payment: POST /api/create-payment-intent with {amount} in cents; the server charges its own price. */
export const createPaymentIntent = (amount: number): Promise<CreatePaymentIntentResponse> =>
  apiRequest<CreatePaymentIntentResponse>('/api/create-payment-intent', { method: 'POST', body: { amount } });
