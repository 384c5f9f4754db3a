import { defineConfig } from 'vitest/config';

// Unit tests of every project, each with its own config (apps/*/vitest.config.mts, the web app's
// vite.config.ts, the tooling's tools/vitest.config.mts). Integration and browser tests have their own configs under tests/.
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.mts', 'apps/*/vitest.config.mts', 'apps/web/vite.config.ts', 'tools/vitest.config.mts', 'load-tests/vitest.config.mts'],
  },
});
