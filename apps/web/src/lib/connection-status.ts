import { useSyncExternalStore } from 'react';

/**
 * Whether some request is waiting to be tried again after an outage: the pages that matter most
 * (runner, dashboard, results) say "Reconnecting…" while it is, instead of showing a failure.
 */
let waiting = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** One request starts waiting to retry; call the returned function once it has its answer (or gives up). */
export function startReconnecting(): () => void {
  waiting += 1;
  if (waiting === 1) notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    waiting -= 1;
    if (waiting === 0) notify();
  };
}

export const isReconnecting = (): boolean => waiting > 0;

export function subscribeToReconnecting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useReconnecting = (): boolean => useSyncExternalStore(subscribeToReconnecting, isReconnecting, () => false);
