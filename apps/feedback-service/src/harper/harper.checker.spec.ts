import { describe, expect, it } from 'vitest';
import { HarperChecker } from './harper.checker';

// The real harper.js (WebAssembly, compiled once here: seconds, longer on a loaded machine).
const harper = new HarperChecker({ load: (specifier) => import(specifier) });

describe('HarperChecker (real harper.js)', () => {
  it('lints with the kept rules only: "every knowledge" is marked, an American spelling and a long sentence are not', async () => {
    const text = 'My favorite teacher says every knowledge is useful, and we all agree with her because she has taught us for many years in the old school by the river near the park.';
    const lints = await harper.lints(text);
    expect(lints.map((l) => [l.rule, text.slice(l.start, l.end)])).toEqual([['MassNouns', 'every knowledge']]);
    expect(lints[0]).toMatchObject({ kind: expect.any(String), message: expect.stringContaining('knowledge'), suggestions: expect.arrayContaining([expect.stringContaining('knowledge')]) });
  }, 180_000);

  it('answers nothing for a clean sentence', async () => {
    expect(await harper.lints('The children left their bags in the classroom after lunch.')).toEqual([]);
  }, 180_000);
});
