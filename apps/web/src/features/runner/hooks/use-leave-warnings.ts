import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LEAVE_ON_BACK, LEAVE_ON_REFRESH } from '../messages';

/**
 * While a test is in progress (started, not finished): the browser's warning on refresh or
 * close, and a confirm on going back that, when accepted, leaves for /dashboard (SPEC.md §4).
 */
const browserConfirm = (message: string): boolean => window.confirm(message);

export function useLeaveWarnings(inProgress: boolean, confirm: (message: string) => boolean = browserConfirm): void {
  const armed = useRef(inProgress);
  armed.current = inProgress;
  const navigate = useNavigate();
  const blocker = useBlocker(useCallback(() => armed.current, []));

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!confirm(LEAVE_ON_BACK)) {
      blocker.reset();
      return;
    }
    armed.current = false;
    blocker.reset();
    // The test entry gives way to the dashboard, so Back from there does not reopen the test.
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
