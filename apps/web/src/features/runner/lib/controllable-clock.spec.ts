import { describe, expect, it } from 'vitest';
import { controllableClock, type RealTime } from './controllable-clock';

/** Real time that moves only when the test says, with the real timers it holds. */
function fakeRealTime() {
  let now = 1_000;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const real: RealTime = {
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const pass = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...timers.entries()].filter(([, t]) => t.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = Math.max(now, next[1].at);
      next[1].callback();
    }
    now = until;
  };
  return { real, pass, pending: () => timers.size };
}

describe('controllableClock', () => {
  it('runs like the system clock at its scale: 6 real seconds are a 30 s question at 0.2, and its timer fires then', () => {
    const time = fakeRealTime();
    const clock = controllableClock(0.2, time.real);
    const start = clock.now();
    const fired: number[] = [];
    clock.setTimer(() => fired.push(clock.now() - start), 30_000);
    time.pass(5_999);
    expect(fired).toEqual([]);
    time.pass(1);
    expect(fired).toEqual([30_000]);
  });

  it('fires nothing while paused, however long real time runs, and goes on from where it stopped', () => {
    const time = fakeRealTime();
    const clock = controllableClock(1, time.real);
    const start = clock.now();
    const fired: string[] = [];
    clock.setTimer(() => fired.push('30 s'), 30_000);
    time.pass(10_000);
    clock.pause();
    expect(time.pending()).toBe(0);
    time.pass(600_000);
    expect(fired).toEqual([]);
    expect(clock.now() - start).toBe(10_000);
    clock.resume();
    time.pass(19_999);
    expect(fired).toEqual([]);
    time.pass(1);
    expect(fired).toEqual(['30 s']);
    expect(clock.now() - start).toBe(30_000);
  });

  it('moves on at once by advance(), paused or not, firing the timers come due in their order and not the later ones', () => {
    const time = fakeRealTime();
    const clock = controllableClock(1, time.real);
    const start = clock.now();
    const fired: string[] = [];
    clock.setTimer(() => fired.push('b'), 20_000);
    clock.setTimer(() => fired.push('a'), 10_000);
    clock.setTimer(() => fired.push('c'), 40_000);
    clock.pause();
    clock.advance(25_000);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.now() - start).toBe(25_000);
    clock.resume();
    clock.advance(15_000);
    expect(fired).toEqual(['a', 'b', 'c']);
  });

  it('a timer set by a timer that fires within the same advance fires too (the runner sets its next wake from its tick)', () => {
    const time = fakeRealTime();
    const clock = controllableClock(1, time.real);
    const fired: string[] = [];
    clock.pause();
    clock.setTimer(() => {
      fired.push('first');
      clock.setTimer(() => fired.push('second'), 1_000);
    }, 1_000);
    clock.advance(2_000);
    expect(fired).toEqual(['first', 'second']);
  });

  it('while paused, still fires a timer set for a moment already reached (the runner sets its wake after an advance)', () => {
    const time = fakeRealTime();
    const clock = controllableClock(1, time.real);
    const fired: string[] = [];
    clock.pause();
    clock.setTimer(() => fired.push('now'), 0);
    clock.setTimer(() => fired.push('later'), 1);
    time.pass(0);
    expect(fired).toEqual(['now']);
    time.pass(60_000);
    expect(fired).toEqual(['now']);
  });

  it('does not fire a cancelled timer', () => {
    const time = fakeRealTime();
    const clock = controllableClock(1, time.real);
    const fired: string[] = [];
    const cancel = clock.setTimer(() => fired.push('x'), 1_000);
    cancel();
    time.pass(5_000);
    clock.advance(5_000);
    expect(fired).toEqual([]);
  });
});
