import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { installAtomically } from './install.mjs';

/** @type {string[]} */
const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cache() {
  const dir = mkdtempSync(join(tmpdir(), 'fluent-cache-'));
  folders.push(dir);
  return { dir, home: join(dir, 'keycloak-0.0.0') };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const complete = (dir) => existsSync(join(dir, 'bin', 'kc.sh')) && existsSync(join(dir, 'lib', 'last.jar'));

/** Unpacks a fake distribution file by file, the launcher first, as tar does. */
async function unpack(dir, label, failAfterLauncher = false, files = 5) {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'kc.sh'), `#!/bin/sh\n# ${label}\n`);
  await tick();
  if (failAfterLauncher) throw new Error('tar: unexpected end of archive');
  mkdirSync(join(dir, 'lib'), { recursive: true });
  for (let i = 0; i < files; i += 1) {
    writeFileSync(join(dir, 'lib', `part-${i}.jar`), label);
    if (i < 5) await tick();
  }
  writeFileSync(join(dir, 'lib', 'last.jar'), label);
}

describe('installing the Keycloak distribution', () => {
  it('leaves nothing that looks installed when unpacking fails half-way', async () => {
    const { dir, home } = cache();
    await expect(installAtomically(home, (d) => unpack(d, 'broken', true), complete)).rejects.toThrow(/end of archive/);
    expect(existsSync(join(home, 'bin', 'kc.sh'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    await installAtomically(home, (d) => unpack(d, 'retry'), complete);
    expect(complete(home)).toBe(true);
  });

  it('never shows the target half unpacked, not even while moving it into place', async () => {
    const { home } = cache();
    // Another thread looks at the target all along (cache users do: `existsSync(bin/kc.sh)`).
    // [0]: stop; [1]: the watcher has looked once (under load a worker can take long to start).
    const stop = new Int32Array(new SharedArrayBuffer(8));
    const watcher = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const { existsSync } = require('node:fs');
       const { join } = require('node:path');
       const [home, stop] = workerData;
       let halfSeen = 0, looks = 0;
       while (Atomics.load(stop, 0) === 0) {
         looks += 1;
         Atomics.store(stop, 1, 1);
         const whole = () => existsSync(join(home, 'bin', 'kc.sh')) && existsSync(join(home, 'lib', 'last.jar'));
         if (existsSync(home) && !whole()) halfSeen += 1;
       }
       parentPort.postMessage({ halfSeen, looks });`,
      { eval: true, workerData: [home, stop] },
    );
    const report = new Promise((resolve) => watcher.once('message', resolve));
    while (Atomics.load(stop, 1) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await installAtomically(home, (d) => unpack(d, 'one', false, 400), complete);
    Atomics.store(stop, 0, 1);
    const { halfSeen, looks } = await report;
    expect(looks).toBeGreaterThan(0);
    expect(halfSeen).toBe(0);
    expect(complete(home)).toBe(true);
  });

  it('lets two installs race (the cache is shared) and ends with one whole copy', async () => {
    const { dir, home } = cache();
    await Promise.all([installAtomically(home, (d) => unpack(d, 'first'), complete), installAtomically(home, (d) => unpack(d, 'second'), complete)]);
    expect(complete(home)).toBe(true);
    const label = readFileSync(join(home, 'lib', 'last.jar'), 'utf8');
    for (let i = 0; i < 5; i += 1) expect(readFileSync(join(home, 'lib', `part-${i}.jar`), 'utf8')).toBe(label);
    expect(readdirSync(dir)).toEqual(['keycloak-0.0.0']);
  });

  it('replaces a half-copied folder an older install left behind', async () => {
    const { home } = cache();
    mkdirSync(join(home, 'lib'), { recursive: true });
    await installAtomically(home, (d) => unpack(d, 'fresh'), complete);
    expect(complete(home)).toBe(true);
  });
});
