import { useEffect, useState } from 'react';
import type { UserDocument } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** The caller's user document; the server creates it with paidTests false when missing (SPEC.md §7). */
export const getMe = (): Promise<UserDocument> => apiRequest<UserDocument>('/api/me');

export function useMe(): { user?: UserDocument; error?: Error } {
  const [result, setResult] = useState<{ user?: UserDocument; error?: Error }>({});
  useEffect(() => {
    let live = true;
    getMe().then(
      (user) => live && setResult({ user }),
      (error: unknown) => live && setResult({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return result;
}
