import { useEffect, useRef } from 'react';

/**
 * Enter acts as the current screen's Next/Submit wherever the focus is (docs/product.md#test-flow), except on
 * a button or link, which Enter already activates. In a textarea marked
 * `data-newlines="allowed"`, Shift+Enter still starts a new line. A held-down key repeats
 * nothing, so one press never skips two questions.
 */
export function useEnterKey(onEnter: () => void): void {
  const latest = useRef(onEnter);
  latest.current = onEnter;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('button, a[href], [role="button"]')) {
        if (event.repeat) event.preventDefault();
        return;
      }
      if (event.shiftKey && target instanceof HTMLTextAreaElement && target.dataset.newlines === 'allowed') return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
