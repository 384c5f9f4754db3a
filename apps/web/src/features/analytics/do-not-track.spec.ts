import { describe, expect, it } from 'vitest';
import { mayTrack } from './do-not-track';

describe('mayTrack', () => {
  it.each([
    [{}, true],
    [{ doNotTrack: null }, true],
    [{ doNotTrack: '0' }, true],
    [{ doNotTrack: 'unspecified' }, true],
    [{ doNotTrack: '1' }, false],
    [{ doNotTrack: 'yes' }, false],
    [{ windowDoNotTrack: '1' }, false],
    [{ globalPrivacyControl: true }, false],
    [{ globalPrivacyControl: false, doNotTrack: '0' }, true],
  ])('%j -> %s', (signals, expected) => {
    expect(mayTrack(signals)).toBe(expected);
  });
});
