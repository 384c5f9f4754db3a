// @ts-check
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// .env is read here, before the folders below are decided: every entry point imports this module
// before it can call loadDotEnv(), so FLUENT_CACHE_DIR / FLUENT_DATA_DIR in .env would otherwise be
// ignored. Variables already in the environment win (loadEnvFile never overwrites them).
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));

/** Downloads and builds that survive between runs (gitignored). */
export const CACHE = process.env.FLUENT_CACHE_DIR ?? join(ROOT, '.cache');
export const BIN = join(CACHE, 'bin');
/** Runtime data and logs per profile (gitignored). */
export const DATA = process.env.FLUENT_DATA_DIR ?? join(ROOT, '.data');
