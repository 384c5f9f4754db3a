import { useQuery } from '@tanstack/react-query';
import { PREMIUM_PRICE_CENTS, PREMIUM_CURRENCY, type PaymentsClientConfig } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

export const paymentsConfigQueryKey = ['payments', 'config'] as const;

export const getPaymentsConfig = (): Promise<PaymentsClientConfig> => apiRequest<PaymentsClientConfig>('/api/payments/config', { auth: false });

/** Offline or live, and the price; asked once the dialog first opens, then kept. */
export const usePaymentsConfig = (enabled: boolean) =>
  useQuery({ queryKey: paymentsConfigQueryKey, queryFn: getPaymentsConfig, enabled, staleTime: Infinity });

/**
 * The premium price the server charges, for a page that names it (about, terms): the server's once
 * GET /api/payments/config answered (asked once, shared with the purchase dialog), the default
 * until then or should it fail.
 */
export const usePremiumPrice = (): { amount: number; currency: string } => priceOf(usePaymentsConfig(true).data);

/** The price to show and send: the server's, or the default while it loads (the server checks it anyway). */
export function priceOf(config: PaymentsClientConfig | undefined): { amount: number; currency: string } {
  const amount = config?.price?.amount;
  return typeof amount === 'number' ? config!.price : { amount: PREMIUM_PRICE_CENTS, currency: PREMIUM_CURRENCY };
}
