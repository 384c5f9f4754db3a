import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the load tests' engine-neutral parts (flows' helpers, the k6 options builder, the
// Node engine's bounds). The scripts themselves run against the stack in
// tests/integration/k6-smoke.spec.ts.
export default defineConfig({
  test: {
    name: 'load-tests',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.spec.mjs'],
    environment: 'node',
  },
});
