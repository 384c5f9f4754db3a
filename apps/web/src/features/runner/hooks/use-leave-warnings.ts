import { useCallback, useEffect, useRef } from 'react';
import { NavigationType, useBlocker, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LEAVE_ON_BACK, LEAVE_ON_REFRESH } from '../messages';

/**
 * While a test is in progress (started, not finished): the browser's warning on refresh or
 * close, and a confirm on going back that, when accepted, leaves for /dashboard (docs/product.md#test-flow).
 */
const browserConfirm = (message: string): boolean => window.confirm(message);

export function useLeaveWarnings(inProgress: boolean, confirm: (message: string) => boolean = browserConfirm): void {
  const armed = useRef(inProgress);
  armed.current = inProgress;
  const navigate = useNavigate();
  const blockedAction = useRef<NavigationType | null>(null);
  const blocker = useBlocker(
    useCallback(({ historyAction }: { historyAction: NavigationType }) => {
      blockedAction.current = historyAction;
      return armed.current;
    }, []),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!confirm(LEAVE_ON_BACK)) {
      blocker.reset();
      return;
    }
    armed.current = false;
    if (blockedAction.current === NavigationType.Pop) {
      // Back: the router has already started moving the browser back onto the test's entry to
      // block it. Only proceed() waits for that to land before going back again; a navigate()
      // here raced it, and the browser ended on /test with the test still on screen. The entry
      // Back leads to is the dashboard the test was started from (the runner needs its state).
      blocker.proceed();
      return;
    }
    // A link inside the app: no history traversal is pending, so the dashboard takes the test's place.
    blocker.reset();
    navigate(paths.dashboard, { replace: true });
  }, [blocker, confirm, navigate]);

  useEffect(() => {
    if (!inProgress) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; older ones show this text.
      event.returnValue = LEAVE_ON_REFRESH;
      return LEAVE_ON_REFRESH;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [inProgress]);
}
