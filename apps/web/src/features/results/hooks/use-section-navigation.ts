import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface Departure {
  scrollY: number;
  from: HTMLElement;
  fallback?: () => HTMLElement | null;
}

const visible = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0;

/**
 * Moving around /result by section: a link's activation becomes a history entry (#heading id, the
 * results' navigation state kept), focus moves to that heading, and the browser's Back returns to
 * where the learner was, focus on the link they used (or `fallback` when it is hidden, as in a
 * closed menu). A #hash in the address on arrival focuses its heading too.
 */
export function useSectionNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  // Keyed by the history entry left: Back to it finds where the learner was.
  const departures = useRef(new Map<string, Departure>());

  const goTo = useCallback(
    (targetId: string, from: HTMLElement, fallback?: () => HTMLElement | null) => {
      departures.current.set(location.key, { scrollY: window.scrollY, from, fallback });
      navigate({ pathname: location.pathname, search: location.search, hash: `#${targetId}` }, { state: location.state, preventScrollReset: true });
    },
    [location, navigate],
  );

  useEffect(() => {
    const back = departures.current.get(location.key);
    if (back) {
      window.scrollTo(0, back.scrollY);
      const to = visible(back.from) ? back.from : back.fallback?.();
      to?.focus({ preventScroll: true });
      return;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.focus();
  }, [location.key, location.hash]);

  return goTo;
}
