// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactUrl, downloadVerified } from './maven-central.mjs';

const BODY = Buffer.from('the bytes of an artefact\n');
const sha512 = createHash('sha512').update(BODY).digest('hex');
const sha1 = createHash('sha1').update(BODY).digest('hex');

/** A repository on loopback: /good has a matching SHA-512, /old only a SHA-1, /tampered a wrong one. */
const files = /** @type {Record<string, string | Buffer>} */ ({
  '/good.tar.gz': BODY,
  '/good.tar.gz.sha512': `${sha512}  good.tar.gz\n`,
  '/old.tar.gz': BODY,
  '/old.tar.gz.sha1': sha1,
  '/tampered.tar.gz': BODY,
  '/tampered.tar.gz.sha512': 'ab'.repeat(64),
});
const server = createServer((request, response) => {
  const body = files[request.url ?? ''];
  response.writeHead(body === undefined ? 404 : 200).end(body);
});
let base = '';
let dir = '';

beforeAll(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  dir = mkdtempSync(join(tmpdir(), 'maven-central-'));
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('downloadVerified', () => {
  it('keeps a file whose SHA-512 matches the one published beside it', async () => {
    const target = join(dir, 'good.tar.gz');
    await downloadVerified(`${base}/good.tar.gz`, target);
    expect(readFileSync(target)).toEqual(BODY);
  });

  it('falls back to the SHA-1 where no SHA-512 is published', async () => {
    const target = join(dir, 'old.tar.gz');
    await downloadVerified(`${base}/old.tar.gz`, target);
    expect(readFileSync(target)).toEqual(BODY);
  });

  it('refuses a file that does not match its checksum, and leaves nothing behind', async () => {
    const target = join(dir, 'tampered.tar.gz');
    await expect(downloadVerified(`${base}/tampered.tar.gz`, target)).rejects.toThrow(/sha512 [0-9a-f]{128} does not match the published (ab){64}/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('tampered'))).toEqual([]);
  });

  it('refuses a file with no checksum at all', async () => {
    await expect(downloadVerified(`${base}/missing.tar.gz`, join(dir, 'missing.tar.gz'))).rejects.toThrow('no checksum published');
  });
});

describe('artifactUrl', () => {
  it('lays out Maven coordinates as Central does', () => {
    expect(artifactUrl({ group: 'org.apache.maven', artifact: 'apache-maven', version: '3.9.11', classifier: 'bin', extension: 'tar.gz' })).toBe(
      'https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.11/apache-maven-3.9.11-bin.tar.gz',
    );
  });
});
