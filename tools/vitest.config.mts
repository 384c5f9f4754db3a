import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the npm start / npm test tooling and the local stack scripts. They spawn tiny
// `node -e` children as stand-ins for processes, and the stack's own binaries from .cache
// (installed before the unit phase of `npm test`) where a real server is the point.
export default defineConfig({
  test: {
    name: 'tools',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.spec.mjs'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
