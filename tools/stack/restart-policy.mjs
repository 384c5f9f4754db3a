// @ts-check
/**
 * When the local supervisor (restart-on-crash.mjs) restarts a crashed app: exponential backoff from
 * `baseMs` up to `maxDelayMs`, at most `maxRestarts` in a row; a run that stayed up for
 * `resetAfterMs` starts the count again. Settings: FLUENT_RESTART_MAX, FLUENT_RESTART_BASE_MS,
 * FLUENT_RESTART_MAX_DELAY_MS, FLUENT_RESTART_RESET_MS.
 */

/** @typedef {{ maxRestarts: number, baseMs: number, maxDelayMs: number, resetAfterMs: number }} RestartPolicy */

/** @type {RestartPolicy} */
export const DEFAULT_POLICY = { maxRestarts: 5, baseMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {RestartPolicy}
 */
export function policyFromEnv(env) {
  /** @param {string | undefined} value @param {number} fallback */
  const number = (value, fallback) => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    maxRestarts: number(env.FLUENT_RESTART_MAX, DEFAULT_POLICY.maxRestarts),
    baseMs: number(env.FLUENT_RESTART_BASE_MS, DEFAULT_POLICY.baseMs),
    maxDelayMs: number(env.FLUENT_RESTART_MAX_DELAY_MS, DEFAULT_POLICY.maxDelayMs),
    resetAfterMs: number(env.FLUENT_RESTART_RESET_MS, DEFAULT_POLICY.resetAfterMs),
  };
}

/**
 * The wait before restart number `restart` (1 for the first).
 * @param {number} restart
 * @param {RestartPolicy} policy
 */
export function restartDelay(restart, policy) {
  return Math.min(policy.maxDelayMs, policy.baseMs * 2 ** (restart - 1));
}

/**
 * A child that ended by itself with code 0, or by SIGTERM/SIGINT, was stopped on purpose (that is
 * how `stop`/`down` end it); anything else is a crash.
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 */
export function isDeliberateExit(code, signal) {
  return code === 0 || signal === 'SIGTERM' || signal === 'SIGINT';
}
