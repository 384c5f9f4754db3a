import { defineConfig } from 'vitest/config';
import { loadDotEnv } from '../../tools/env.mjs';

// The worktree's .env (ports, cache) also when vitest is run directly, as npm test and test:repeat do.
loadDotEnv();

// Browser end-to-end tests: Debian's Chromium driven by playwright-core, against the gateway of
// the stack `npm test` started (it serves the built web app).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
