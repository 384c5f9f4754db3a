// @ts-check
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';

/**
 * A gateway of the benchmarks' own in production mode (NODE_ENV=production, as deployed) on a
 * running stack profile, at `port`, serving apps/web/dist; `env` adds to or overrides its
 * environment (log level, raised limits). Resolves once it answers its liveness route.
 * @param {import('../../tools/stack/profiles.mjs').Profile} profile
 * @param {number} port
 * @param {Record<string, string>} [env]
 * @param {string} [main] the gateway build to run (apps/gateway/dist/main.js)
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startProductionGateway(profile, port, env = {}, main = join(ROOT, 'apps', 'gateway', 'dist', 'main.js')) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(process.env.BENCH_GATEWAY_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), main], {
    env: {
      ...process.env,
      ...appEnvironment(profile, 'gateway'),
      NODE_ENV: 'production',
      GATEWAY_PORT: String(port),
      PUBLIC_ORIGIN: url,
      WEB_ORIGIN: url,
      ALLOW_INSECURE_COOKIES: 'true',
      TRUST_PROXY: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The last words of a gateway that will not start, for the error below.
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-2000)));
  /** @returns {Promise<void>} */
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`the production gateway exited with ${child.exitCode}: ${stderr}`);
    if (await fetch(`${url}/api/health/live`).then((r) => r.ok, () => false)) return { url, pid: /** @type {number} */ (child.pid), stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the production gateway did not start');
}
