import { defineConfig } from 'vitest/config';
import { loadDotEnv } from '../../tools/env.mjs';

// The worktree's .env (ports, cache) also when vitest is run directly, as npm test and test:repeat do.
loadDotEnv();

// Against the real stack started by `npm test` (tools/test.mjs). One file at a time: the health
// tests stop and restart components on purpose.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
