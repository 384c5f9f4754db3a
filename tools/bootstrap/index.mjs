// @ts-check
/**
 * What `npm start` and `npm test` do first, with nothing but Node: the system packages the command
 * needs (installed with apt-get when this user may, or a stop with the one command to run), then
 * the npm dependencies. One bootstrap for both entry points, so they cannot drift apart.
 */
import { ensureDependencies } from './npm-dependencies.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

/**
 * @param {import('./system-packages.mjs').Command} command
 * @param {import('../phases.mjs').Phases} phases
 */
export async function bootstrap(command, phases) {
  await phases.run('system packages', () => ensureSystemPackages(command));
  await phases.run('npm dependencies', ensureDependencies);
}
