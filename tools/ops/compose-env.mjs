#!/usr/bin/env node
// @ts-check
/**
 * Writes docker/.env for docker/compose.yaml, once: a random password per NATS user (the users of
 * docker/nats-server.conf) and random Keycloak client, admin and webhook secrets. An existing file
 * is kept (it holds the secrets the running containers were started with). Gitignored.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../stack/paths.mjs';
import { permissionsDocument } from './nats-permissions.mjs';

const file = join(ROOT, 'docker', '.env');
if (existsSync(file)) {
  console.log(`${file} exists; keeping it`);
} else {
  const secret = () => randomBytes(24).toString('base64url');
  const lines = [
    '# docker/compose.yaml secrets, made by tools/ops/compose-env.mjs (random, local only)',
    ...permissionsDocument().users.map((u) => `${u.passwordVariable}=${secret()}`),
    `FLUENT_WEB_CLIENT_SECRET=${secret()}`,
    `FLUENT_AUTH_CLIENT_SECRET=${secret()}`,
    `KC_BOOTSTRAP_ADMIN_PASSWORD=${secret()}`,
    `STRIPE_WEBHOOK_SECRET=whsec_${secret()}`,
  ];
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  console.log(`wrote ${file}`);
}
