import { defineConfig } from 'vitest/config';

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
