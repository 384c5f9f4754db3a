import { afterEach, describe, expect, it } from 'vitest';
import { TIME_SCALE_STORAGE_KEY, timeScale } from './time-scale';

afterEach(() => window.localStorage.clear());

// This runs in a test build, where the scale can be set; src/build/time-scale.spec.ts shows a
// production build cannot.
describe('timeScale in a test build', () => {
  it('is real time unless a test set a factor in (0, 1]', () => {
    expect(timeScale()).toBe(1);
    window.localStorage.setItem(TIME_SCALE_STORAGE_KEY, '0.05');
    expect(timeScale()).toBe(0.05);
  });

  it.each(['0', '-1', '2', 'fast', ''])('ignores %j', (value) => {
    window.localStorage.setItem(TIME_SCALE_STORAGE_KEY, value);
    expect(timeScale()).toBe(1);
  });
});
