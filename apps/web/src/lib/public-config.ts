import type { PublicConfig } from '@fluent/contracts';
import { apiRequest } from './api-client';

let loading: Promise<PublicConfig> | undefined;

/** Run-time settings from the gateway, fetched once. */
export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= apiRequest<PublicConfig>('/api/config', { auth: false }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
