import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consistencyOf, editDistance, errorsLeft, typingDetail, type TypingTimeline } from './typing-detail';

const REFERENCE = 'The quick brown fox jumps over the lazy dog.';

/** The timeline of typing `text` one character every `msPerChar`, starting at `startMs`. */
function typedEvenly(text: string, msPerChar: number, startMs = 0): Array<[number, number]> {
  return [...text].map((_, i) => [startMs + (i + 1) * msPerChar, i + 1]);
}

describe('editDistance', () => {
  it.each([
    ['', '', false, 0],
    ['jmps', 'jumps', false, 1],
    ['jumsp', 'jumps', false, 2],
    ['fox', 'fox', false, 0],
    ['fo', 'fox', false, 1],
    ['fo', 'fox', true, 0],
    ['fx', 'fox', true, 1],
    ['foxes', 'fox', true, 2],
    ['abc', '', false, 3],
  ])('%j -> %j (prefix %s) = %i', (a, b, prefix, distance) => expect(editDistance(a, b, prefix)).toBe(distance));
});

describe('errorsLeft', () => {
  it('counts edits per word at the same position', () => {
    expect(errorsLeft(REFERENCE, 'The quick brown fox')).toBe(0);
    expect(errorsLeft(REFERENCE, 'The quikc brwn fox ')).toBe(3);
    // A missed word shifts the words after it, as docs/product.md#typing compares them.
    expect(errorsLeft(REFERENCE, 'The brown')).toBe(editDistance('brown', 'quick'));
  });

  it('does not count the unfinished last word, unless a space closed it', () => {
    expect(errorsLeft(REFERENCE, 'The qui')).toBe(0);
    expect(errorsLeft(REFERENCE, 'The qui ')).toBe(2);
  });

  it('counts every character typed past the paragraph', () => {
    expect(errorsLeft('One two.', 'One two. three')).toBe(5);
  });
});

describe('typingDetail', () => {
  it('reads a known timeline: 30 characters in 10 s with 3 deleted and retyped', () => {
    const text = 'The quick brown fox jumps over';
    const timeline: Array<[number, number]> = [
      ...typedEvenly(text.slice(0, 10), 200), // 10 chars by 2 s
      [2_500, 9],
      [2_600, 8],
      [2_700, 7],
      ...typedEvenly(text.slice(7), 250, 2_700).map(([ms, len]): [number, number] => [ms, len + 7]),
    ];
    const detail = typingDetail(REFERENCE, text, 10_000, timeline);
    // 10 + 23 characters entered in 10 s: 33 / 5 / (1/6 min) = 39.6 -> 40.
    expect(detail.rawWpm).toBe(40);
    // All 30 characters stand right: 30 / 5 / (1/6) = 36.
    expect(detail.netWpm).toBe(36);
    expect(detail.errorsCorrected).toBe(3);
    expect(detail.errorsLeft).toBe(0);
    expect(detail.perSecond).toHaveLength(10);
    // The first second holds the changes at 200, 400, … 1000 ms: 5 characters -> 60 WPM.
    expect(detail.perSecond.slice(0, 3)).toEqual([60, 60, 12]);
    expect(detail.consistency).toBeGreaterThan(0);
    expect(detail.consistency).toBeLessThan(100);
  });

  it('subtracts the errors left from the net speed only', () => {
    const text = 'Teh quick';
    const detail = typingDetail(REFERENCE, text, 60_000, typedEvenly(text, 100));
    expect(detail.errorsLeft).toBe(2);
    expect(detail.rawWpm).toBe(2); // 9 / 5 = 1.8 -> 2
    expect(detail.netWpm).toBe(1); // 7 / 5 = 1.4 -> 1
  });

  it('gives a section without typing zeros everywhere', () => {
    expect(typingDetail(REFERENCE, '', 60_000, [])).toEqual({
      rawWpm: 0,
      netWpm: 0,
      perSecond: Array(60).fill(0),
      consistency: 0,
      errorsCorrected: 0,
      errorsLeft: 0,
    });
  });

  it('still counts what the text holds when the timeline was capped before the end', () => {
    const detail = typingDetail(REFERENCE, 'The quick', 5_000, [[1_000, 3]]);
    // The missing 6 characters are put at the end of the section.
    expect(detail.perSecond).toEqual([36, 0, 0, 0, 72]);
    expect(detail.rawWpm).toBe(22); // 9 / 5 / (5/60) = 21.6
  });

  it('counts an even speed as 100% consistent', () => {
    expect(consistencyOf([60, 60, 60])).toBe(100);
    expect(consistencyOf([0, 0])).toBe(0);
    expect(consistencyOf([120, 0])).toBeLessThan(30);
  });
});

/** A random session: a text typed with some deletions, at increasing times, within `elapsed`. */
const sessionArb = fc
  .record({
    elapsed: fc.integer({ min: 0, max: 60_000 }),
    steps: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3_000 }), change: fc.integer({ min: -3, max: 6 }) }), { maxLength: 200 }),
    alphabet: fc.constantFrom('abc ', 'The quick brown fox', 'xyz'),
  })
  .map(({ elapsed, steps, alphabet }) => {
    const timeline: Array<[number, number]> = [];
    let text = '';
    let ms = 0;
    for (const { gap, change } of steps) {
      ms = Math.min(ms + gap, elapsed);
      if (change >= 0) for (let i = 0; i < change; i++) text += alphabet[(text.length + i) % alphabet.length];
      else text = text.slice(0, Math.max(0, text.length + change));
      timeline.push([ms, text.length]);
    }
    return { elapsed, timeline, text };
  });

describe('typingDetail properties', () => {
  it('never puts the net speed above the raw speed, and keeps every figure in range', () => {
    fc.assert(
      fc.property(sessionArb, fc.string(), ({ elapsed, timeline, text }, reference) => {
        const d = typingDetail(reference, text, elapsed, timeline);
        return (
          d.netWpm <= d.rawWpm &&
          d.netWpm >= 0 &&
          d.consistency >= 0 &&
          d.consistency <= 100 &&
          d.errorsCorrected >= 0 &&
          d.errorsLeft >= 0 &&
          d.perSecond.length === Math.min(60, Math.max(1, Math.ceil(elapsed / 1000))) &&
          d.perSecond.every((v) => v >= 0)
        );
      }),
    );
  });

  it('balances: characters entered minus characters deleted is the final length', () => {
    fc.assert(
      fc.property(sessionArb, ({ elapsed, timeline, text }) => {
        const d = typingDetail('', text, elapsed, timeline);
        const entered = d.perSecond.reduce((sum, v) => sum + v, 0) / 12;
        return Math.abs(entered - d.errorsCorrected - text.length) < 1e-9;
      }),
    );
  });

  it('finds no errors left in any start of the paragraph typed as it is', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zA-Z.,']{1,10}$/), { minLength: 1, maxLength: 30 }), fc.nat(), (ws, cut) => {
        const reference = ws.join(' ');
        const typed = reference.slice(0, cut % (reference.length + 1));
        return errorsLeft(reference, typed) === 0;
      }),
    );
  });

  it('gives the same net speed whatever was deleted on the way (only the final text counts)', () => {
    fc.assert(
      fc.property(sessionArb, fc.string(), ({ elapsed, timeline, text }, reference) => {
        const direct: TypingTimeline = [[elapsed, text.length]];
        return typingDetail(reference, text, elapsed, timeline).netWpm === typingDetail(reference, text, elapsed, direct).netWpm;
      }),
    );
  });
});
