import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One setting for Google Analytics: GA_MEASUREMENT_ID (which also opens the gateway's CSP to
// Google) becomes the web build's VITE_GA_MEASUREMENT_ID unless that is set itself.
process.env.VITE_GA_MEASUREMENT_ID ??= process.env.GA_MEASUREMENT_ID ?? '';

// Shared libraries are compiled from source here (their dist is CommonJS for the services).
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      '@': here('./src'),
      '@fluent/contracts': here('../../libs/contracts/src/index.ts'),
    },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: { '/api': process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000' },
  },
  // No source maps in production builds (`vite build`): they would ship our original source to
  // every visitor. `vite build --mode development` keeps them for debugging a local build.
  build: { outDir: 'dist', sourcemap: mode === 'development' },
  test: { environment: 'jsdom', include: ['src/**/*.spec.{ts,tsx}'], setupFiles: ['src/testing/setup.ts'] },
}));
