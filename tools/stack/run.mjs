// @ts-check
import { spawn } from 'node:child_process';

/**
 * Runs a command to completion, streaming its output with a prefix, and rejects with the command
 * line and exit code when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, quiet?: boolean }} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * @param {string} command
 * @returns {Promise<boolean>}
 */
export async function hasCommand(command) {
  try {
    await run('sh', ['-c', `command -v ${command}`], { quiet: true });
    return true;
  } catch {
    return false;
  }
}

/** @param {string} label @param {...unknown} rest */
export function log(label, ...rest) {
  console.log(`[${label}]`, ...rest);
}

/** Milliseconds to a short human duration. @param {number} ms */
export function duration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
