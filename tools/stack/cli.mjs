#!/usr/bin/env node
// @ts-check
/**
 * npm run stack -- <up|down|status|start NAME|stop NAME|install|indexes|migrate|jetstream|replay-payments|replay-attempts|rescore-jumbled-orders> [--profile dev|test] [--apps] [--replicas N]
 *
 * `up --apps --replicas 2` runs two of each app, the gateways behind the local balancer (replicas.mjs).
 */
import { installStack } from './install.mjs';
import { down, indexCollections, profileFromArgs, readState, replayAttempts, replayPayments, rescoreJumbledOrders, setupJetStream, startComponent, stopComponent, up } from './index.mjs';
import { migrate } from './migrate.mjs';
import { parseReplicas } from './replicas.mjs';
import { isOurs } from './supervisor.mjs';
import { loadDotEnv } from '../env.mjs';

loadDotEnv();
const args = process.argv.slice(2);
/** @param {string} name */
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const profile = profileFromArgs(flag('--profile'));
const replicasFlag = flag('--replicas');
const withApps = args.includes('--apps');
const [command, name] = args.filter((a) => !a.startsWith('--'));
// Options passed on to replay-payments (--dry-run, --wait-ms=…).
const passOn = args.filter((a) => a.startsWith('--') && a !== '--apps');

try {
  switch (command) {
    case 'install':
      await installStack();
      break;
    case 'up':
      await installStack();
      await up(profile, { apps: withApps, replicas: parseReplicas(replicasFlag) });
      break;
    case 'down':
      await down(profile);
      break;
    case 'start':
      await startComponent(profile, required(name));
      break;
    case 'stop':
      await stopComponent(profile, required(name));
      break;
    case 'indexes':
      await indexCollections(profile);
      break;
    case 'migrate':
      await migrate(profile);
      await indexCollections(profile);
      break;
    case 'jetstream':
      await setupJetStream(profile);
      break;
    case 'replay-payments':
      await replayPayments(profile, passOn);
      break;
    case 'replay-attempts':
      await replayAttempts(profile, passOn);
      break;
    case 'rescore-jumbled-orders':
      await rescoreJumbledOrders(profile, passOn);
      break;
    case 'status':
      for (const [n, r] of Object.entries(readState(profile))) {
        console.log(`${n.padEnd(20)} ${isOurs(r) ? 'running' : 'stopped'}  pid ${r.pid}  log ${r.log}`);
      }
      break;
    default:
      console.error('usage: npm run stack -- <install|up|down|status|start NAME|stop NAME|indexes|migrate|jetstream|replay-payments|replay-attempts|rescore-jumbled-orders [--dry-run]> [--profile dev|test] [--apps] [--replicas N]');
      process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

/** @param {string | undefined} value */
function required(value) {
  if (!value) throw new Error('name a component');
  return value;
}
