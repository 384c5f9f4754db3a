// @ts-check
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Downloads and builds that survive between runs (gitignored). */
export const CACHE = process.env.FLUENT_CACHE_DIR ?? join(ROOT, '.cache');
export const BIN = join(CACHE, 'bin');
/** Runtime data and logs per profile (gitignored). */
export const DATA = process.env.FLUENT_DATA_DIR ?? join(ROOT, '.data');
