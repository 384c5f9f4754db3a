/**
 * zod compiles object parsers with `new Function` where it may, and finds out whether it may by
 * trying once, when the first object schema is built: under our Content-Security-Policy (no
 * 'unsafe-eval') that try is a violation the browser reports on every page that loads a schema of
 * libs/contracts. The web app validates small inputs: no compiling (zod's `jitless`).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core/core.js; every copy of
 * zod on a page shares it), so they are set here, first thing in main.tsx, before any chunk with a
 * schema loads, without bringing zod itself into the entry chunk. zod-without-eval.spec.ts checks
 * that zod still reads them from there.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
// Set on the object zod already holds, if a copy loaded first (a test's setup), else on a new one it will take.
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

// A module (main.tsx imports it for the setting above).
export {};
