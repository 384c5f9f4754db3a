// @ts-check
/**
 * The local stack's NATS: the users and permissions of a deployment (derived from the NATS
 * topology in libs/contracts/src/nats/permissions.mjs, the one table the Helm chart's is generated
 * from too), plus, in the test profile, the test harness's user; the per-profile passwords; and
 * the nats-server configuration the stack starts NATS with.
 */
import { join } from 'node:path';
import { deployedNatsUsers, inbox, NATS_TOPOLOGY } from '../../libs/contracts/src/nats/permissions.mjs';
import { storedSecrets } from './secrets.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {import('../../libs/contracts/src/nats/permissions.mjs').NatsUser} NatsUser */

/** What the test harness needs of JetStream: all of the API (it makes streams of its own), acks, flow control. */
export const JETSTREAM_RIGHTS = ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>'];

/** Where the test harness may put dead letters of its own (a service: its own consumer's subject only). */
const DEAD_LETTERS = `${NATS_TOPOLOGY.deadLetterPrefix}.>`;

/**
 * The users of a profile: the deployed ones, and in the test profile the `test` user, with which
 * integration tests publish and consume events on JetStream directly.
 * @param {'dev' | 'test'} profileName
 * @returns {NatsUser[]}
 */
export function natsUsers(profileName) {
  const users = deployedNatsUsers();
  if (profileName === 'test') {
    // The harness: events on JetStream, `lifecycle.>` for the tests that boot a service of their
    // own, and a read-only view of the services' health requests (to count them under a flood).
    users.push({
      user: 'test',
      publish: ['events.>', DEAD_LETTERS, 'lifecycle.>', inbox('test'), ...JETSTREAM_RIGHTS],
      subscribe: [inbox('test'), 'lifecycle.>', '*.health'],
    });
  }
  return users;
}

/** @param {string} user */
const passwordVariable = (user) => `FLUENT_NATS_PASSWORD_${user.replace(/-/g, '_').toUpperCase()}`;

/**
 * One password per user and profile: from FLUENT_NATS_PASSWORD_<USER> when set (e.g.
 * FLUENT_NATS_PASSWORD_AUTH_SERVICE), otherwise random, generated once and kept in
 * `<profile data>/nats-credentials.json` (mode 600, gitignored like all of .data).
 * @param {Profile} profile
 * @returns {Record<string, string>}
 */
export function natsPasswords(profile) {
  const users = natsUsers(profile.name).map(({ user }) => user);
  return storedSecrets(join(profile.dataDir, 'nats-credentials.json'), users, (user) => process.env[passwordVariable(user)]);
}

/**
 * The credentials an app (or the test harness) connects with.
 * @param {Profile} profile
 * @param {string} user
 * @returns {{ NATS_USER: string, NATS_PASSWORD: string }}
 */
export function natsCredentials(profile, user) {
  const password = natsPasswords(profile)[user];
  if (!password) throw new Error(`No NATS user ${user} in the ${profile.name} profile`);
  return { NATS_USER: user, NATS_PASSWORD: password };
}

/**
 * nats-server's configuration for a profile (nats-server reads JSON as its config format).
 * @param {Profile} profile
 * @param {{ serverName: string, storeDir: string }} options
 */
export function natsServerConfig(profile, options) {
  const passwords = natsPasswords(profile);
  const config = {
    server_name: options.serverName,
    listen: `127.0.0.1:${profile.ports.nats}`,
    http: `127.0.0.1:${profile.ports.natsMonitor}`,
    jetstream: { store_dir: options.storeDir },
    authorization: {
      users: natsUsers(profile.name).map(({ user, publish, subscribe, denyPublish, allowResponses }) => ({
        user,
        password: passwords[user],
        permissions: {
          publish: { allow: publish, ...(denyPublish ? { deny: denyPublish } : {}) },
          subscribe: { allow: subscribe },
          // One reply, within nats-server's default 2 minutes, to each request the user received.
          ...(allowResponses ? { allow_responses: true } : {}),
        },
      })),
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
