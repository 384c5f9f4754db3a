// @ts-check
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack/paths.mjs';

/** Loads .env (gitignored) when present; .env.example lists every setting and its default. */
export function loadDotEnv() {
  const file = join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
