import { describe, expect, it } from 'vitest';
import { Deadline } from './deadline';

describe('Deadline', () => {
  it('gives each call its cap while the budget allows, then what is left, then nothing', () => {
    let now = 1_000;
    const deadline = new Deadline(5_000, () => now);
    expect(deadline.timeout(4_000)).toBe(4_000);
    now += 3_000;
    expect(deadline.timeout(4_000)).toBe(2_000);
    expect(deadline.expired()).toBe(false);
    now += 2_500;
    expect(deadline.timeout(4_000)).toBe(0);
    expect(deadline.expired()).toBe(true);
  });
});
