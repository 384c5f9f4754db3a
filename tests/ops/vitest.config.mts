import { defineConfig } from 'vitest/config';

// The operations checks (helm/fluent, docker/, deploy/): static, no cluster and no container
// engine. helm and the Python tools come from tools/ops/install.mjs (the `ops tools` phase of npm test).
export default defineConfig({
  test: {
    include: ['tests/ops/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
