/**
 * Browser tests run a whole test (over 20 minutes of timers) in under a minute by shrinking the
 * runner's clock. Only builds made for tests can do it: `__FLUENT_TIME_SCALE_SETTABLE__` is
 * false in production builds (vite.config.ts), so the reader below is not even in their bundle
 * (src/build/time-scale.spec.ts builds one and checks).
 */
declare const __FLUENT_TIME_SCALE_SETTABLE__: boolean;

/** localStorage key a test build reads: a factor in (0, 1]; 0.1 runs the timers ten times faster. */
export const TIME_SCALE_STORAGE_KEY = 'fluent:e2e-time-scale';

function storedTimeScale(): number {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(TIME_SCALE_STORAGE_KEY);
  } catch {
    /* storage blocked: real time */
  }
  const scale = Number(raw);
  return raw !== null && Number.isFinite(scale) && scale > 0 && scale <= 1 ? scale : 1;
}

/** The factor real time runs at against test time: 1 (real time) except in test builds that set it. */
export const timeScale: () => number = __FLUENT_TIME_SCALE_SETTABLE__ ? storedTimeScale : () => 1;
