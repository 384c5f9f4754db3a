import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One setting for Google Analytics: GA_MEASUREMENT_ID (which also opens the gateway's CSP to
// Google) becomes the web build's VITE_GA_MEASUREMENT_ID unless that is set itself.
process.env.VITE_GA_MEASUREMENT_ID ??= process.env.GA_MEASUREMENT_ID ?? '';

// Shared libraries are compiled from source here (their dist is CommonJS for the services).
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // Each text file of the build also as .br and .gz beside it, compressed once, at the strongest
    // settings: a static server that serves precompressed files (@fastify/static `preCompressed`)
    // sends the visitor those, without compressing on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|xml)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  // Browser tests may speed the runner's clock up (src/config/time-scale.ts); a production build
  // cannot: there the reader of the setting is compiled out.
  define: { __FLUENT_TIME_SCALE_SETTABLE__: JSON.stringify(mode !== 'production') },
  resolve: {
    // recharts needs the react-is of the React it renders with (19); a test library pulls in an
    // older copy that would otherwise be found first.
    dedupe: ['react-is'],
    alias: {
      '@': here('./src'),
      '@fluent/contracts': here('../../libs/contracts/src/index.ts'),
      '@fluent/scoring': here('../../libs/scoring/src/index.ts'),
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
