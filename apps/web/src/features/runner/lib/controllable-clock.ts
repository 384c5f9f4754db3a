import type { Clock } from './clock';

/** A runner clock a browser test can stop and move on (test builds only: see runner-clock.ts). */
export interface ControllableClock extends Clock {
  /** Stops test time: no timer fires until it runs again or is moved on. */
  pause(): void;
  /** Lets test time run again from where it stopped. */
  resume(): void;
  /** Moves test time on by `ms` at once and fires every timer that has come due, in order. */
  advance(ms: number): void;
}

/** Where the clock reads real time and sets real timers (injected by unit tests). */
export interface RealTime {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const browserTime: RealTime = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * systemClock's test time (`scale` real milliseconds per test millisecond), which a test can also
 * pause, resume and move on, so that it drives the runner's deadlines instead of racing them.
 * Every timer is kept by its due test time; one real timer is set for the earliest while running.
 */
export function controllableClock(scale = 1, real: RealTime = browserTime): ControllableClock {
  /** Test time at the anchor, and the real time of the anchor. */
  let base = real.now() / scale;
  let anchor = real.now();
  let paused = false;
  let nextId = 0;
  let armed: unknown;
  const timers = new Map<number, { due: number; callback: () => void }>();

  const now = () => (paused ? base : base + (real.now() - anchor) / scale);
  const setTime = (testTime: number) => {
    base = testTime;
    anchor = real.now();
  };
  const reanchor = () => setTime(now());

  function arm(): void {
    if (armed !== undefined) real.clearTimeout(armed);
    armed = undefined;
    if (timers.size === 0) return;
    const earliest = Math.min(...[...timers.values()].map((t) => t.due));
    // While paused only a timer already due fires (one set for "now", or after an advance).
    if (paused && earliest > now()) return;
    armed = real.setTimeout(fireDue, Math.max(0, (earliest - now()) * scale));
  }

  function fireDue(): void {
    armed = undefined;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.due <= now()).sort(([, a], [, b]) => a.due - b.due)[0];
      if (!due) break;
      timers.delete(due[0]);
      due[1].callback();
    }
    arm();
  }

  return {
    now,
    setTimer(callback, ms) {
      const id = nextId++;
      timers.set(id, { due: now() + ms, callback });
      arm();
      return () => {
        timers.delete(id);
        arm();
      };
    },
    pause() {
      reanchor();
      paused = true;
      arm();
    },
    resume() {
      reanchor();
      paused = false;
      arm();
    },
    advance(ms) {
      // Step through the timers due on the way, each at its own moment, as real time would have.
      const target = now() + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.due <= target).sort(([, a], [, b]) => a.due - b.due)[0];
        if (!due) break;
        timers.delete(due[0]);
        setTime(Math.max(now(), due[1].due));
        due[1].callback();
      }
      setTime(target);
      arm();
    },
  };
}
