import { describe, expect, it } from 'vitest';

describe('zod-without-eval', () => {
  it('makes zod, loaded after it, parse objects without compiling (no eval under the CSP)', async () => {
    await import('./zod-without-eval');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    let compiled = false;
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, { construct: (target, args) => ((compiled = true), Reflect.construct(target, args)) });
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(false);
  });
});
