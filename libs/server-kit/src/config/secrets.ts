import type { z } from 'zod';
import { loadConfig } from './config';

/**
 * Secrets have development defaults so that a fresh clone runs; in production a missing,
 * short or known default secret must stop the service at boot rather than fail open (a known
 * client secret would let anyone mint tokens at Keycloak's token endpoint).
 */
export const MIN_SECRET_LENGTH = 16;

/**
 * Throws, naming every offending setting, when NODE_ENV is production and a secret is unset,
 * equal to its development default, shorter than MIN_SECRET_LENGTH or an unrendered placeholder.
 */
export function assertProductionSecrets(
  config: { NODE_ENV: string } & Record<string, unknown>,
  devDefaults: Record<string, string>,
): void {
  if (config.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  for (const [name, devDefault] of Object.entries(devDefaults)) {
    const value = config[name];
    if (typeof value !== 'string' || value.length === 0) problems.push(`${name} is not set`);
    else if (value === devDefault) problems.push(`${name} is the development default`);
    else if (value.includes('${')) problems.push(`${name} is an unrendered placeholder`);
    else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  if (problems.length > 0) throw new Error(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}

/**
 * The configuration of a service that holds secrets of its own: loadConfig, then
 * assertProductionSecrets over the secrets' development defaults.
 */
export function loadConfigWithSecrets<S extends z.ZodType<{ NODE_ENV: string }>>(
  schema: S,
  devDefaults: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const loaded = loadConfig(schema, env);
  assertProductionSecrets(loaded, devDefaults);
  return loaded;
}
