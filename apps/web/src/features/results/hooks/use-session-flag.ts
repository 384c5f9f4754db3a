import { useCallback, useState } from 'react';

function read(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    // Storage refused (private mode, a sandboxed frame): the flag simply starts off.
    return false;
  }
}

function write(key: string, on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(key, '1');
    else window.sessionStorage.removeItem(key);
  } catch {
    // Not remembered, still applied on this page.
  }
}

/** An on/off choice remembered for the browser tab's session (sessionStorage), off until chosen. */
export function useSessionFlag(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(key));
  const set = useCallback(
    (next: boolean) => {
      write(key, next);
      setOn(next);
    },
    [key],
  );
  return [on, set];
}

/** "Show only the ones I missed" of one item section of /result, for the session. */
export const useOnlyMissed = (sectionId: string) => useSessionFlag(`fluent.results.onlyMissed.${sectionId}`);
