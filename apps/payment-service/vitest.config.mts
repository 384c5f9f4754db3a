import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC instead of esbuild: NestJS dependency injection needs emitted decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // Importing config.ts loads the service's configuration, which needs a payment mode chosen by name.
  test: { include: ['src/**/*.spec.ts'], environment: 'node', env: { PAYMENT_MODE: 'offline' } },
});
