import { useEffect, useMemo, useReducer } from 'react';
import type { Clock } from '../lib/clock';
import { nextWakeMs, runnerReducer, type RunnerState } from '../model/test-flow';

export interface RunnerActions {
  startTest(): void;
  next(key: string): void;
  enter(key: string): void;
  input(key: string, value: string): void;
  retryNow(): void;
  submitFailed(message: string, retryable: boolean): void;
  submitSucceeded(attemptId: string): void;
}

/**
 * The reducer driven by the clock: one timer at a time, set for the next moment the state or the
 * shown seconds change. A tab that comes back into view catches up at once, since browsers
 * throttle timers in background tabs; the deadlines keep the sections their true length.
 */
export function useTestRunner(initial: () => RunnerState, clock: Clock): { state: RunnerState; act: RunnerActions } {
  const [state, dispatch] = useReducer(runnerReducer, undefined, initial);

  useEffect(() => {
    const wake = nextWakeMs(state, clock.now());
    if (wake === undefined) return;
    return clock.setTimer(() => dispatch({ type: 'tick', now: clock.now() }), wake);
  }, [state, clock]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') dispatch({ type: 'tick', now: clock.now() });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [clock]);

  const act = useMemo<RunnerActions>(
    () => ({
      startTest: () => dispatch({ type: 'start-test', now: clock.now() }),
      next: (key) => dispatch({ type: 'next', key, now: clock.now() }),
      enter: (key) => dispatch({ type: 'enter', key, now: clock.now() }),
      input: (key, value) => dispatch({ type: 'input', key, value, now: clock.now() }),
      retryNow: () => dispatch({ type: 'retry-now', now: clock.now() }),
      submitFailed: (message, retryable) => dispatch({ type: 'submit-failed', now: clock.now(), message, retryable }),
      submitSucceeded: (attemptId) => dispatch({ type: 'submit-succeeded', now: clock.now(), attemptId }),
    }),
    [clock],
  );
  return { state, act };
}
