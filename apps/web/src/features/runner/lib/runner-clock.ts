import { timeScale } from '@/config/time-scale';
import { systemClock, type Clock } from './clock';
import { controllableClock, type ControllableClock } from './controllable-clock';

/** Same flag as config/time-scale.ts: false in production builds, which compile the hook out. */
declare const __FLUENT_TIME_SCALE_SETTABLE__: boolean;

declare global {
  interface Window {
    /** The mounted runner's clock, for browser tests (test builds only). */
    __fluentRunnerClock?: ControllableClock;
  }
}

/**
 * The runner's clock: the system clock in production; in builds made for browser tests, one a
 * test can pause and move on through `window.__fluentRunnerClock` (at the stored time scale).
 */
export const runnerClock: () => Clock = __FLUENT_TIME_SCALE_SETTABLE__
  ? () => {
      const clock = controllableClock(timeScale());
      window.__fluentRunnerClock = clock;
      return clock;
    }
  : () => systemClock(timeScale());
