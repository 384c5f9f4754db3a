/**
 * The one time source of the runner: test-time milliseconds on a monotonic clock (never the wall
 * clock, which can jump), and timers on the same scale. A time scale below 1 (test builds only,
 * config/time-scale.ts) makes test time run faster than real time.
 */
export interface Clock {
  now(): number;
  /** Calls back after `ms` of test time; returns a cancel function. */
  setTimer(callback: () => void, ms: number): () => void;
}

export function systemClock(scale = 1): Clock {
  return {
    now: () => performance.now() / scale,
    setTimer(callback, ms) {
      const id = setTimeout(callback, ms * scale);
      return () => clearTimeout(id);
    },
  };
}
