import { useEffect, useRef } from 'react';

/** Puts the keyboard focus on the element when it appears (each new question's input). */
export function useFocusOnMount<T extends HTMLElement>(when = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
