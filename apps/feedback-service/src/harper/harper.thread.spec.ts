import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HarperThread } from './harper.thread';

/**
 * A stand-in for the compiled harper.worker.js, speaking its protocol: "slow …" answers after the
 * texts sent after it (so replies come out of order), "fail …" answers an error, "die" ends the
 * thread, anything else answers one lint spanning the text, with the worker's thread id as its rule.
 */
const STAND_IN = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, text }) => {
  if (text === 'die') process.exit(3);
  if (text.startsWith('fail')) return parentPort.postMessage({ id, error: 'no linter' });
  const reply = () => parentPort.postMessage({ id, lints: [{ rule: String(threadId), kind: 'Test', start: 0, end: text.length, message: text, suggestions: [] }] });
  if (text.startsWith('slow')) setTimeout(reply, 100); else reply();
});
`;
const workerFile = join(mkdtempSync(join(tmpdir(), 'harper-thread-')), 'stand-in.cjs');
writeFileSync(workerFile, STAND_IN);

describe('HarperThread', () => {
  let thread: HarperThread;
  afterEach(() => thread.onModuleDestroy());

  it('gives each text its own lints, also when the worker answers out of order', async () => {
    thread = new HarperThread(workerFile);
    const [slow, quick] = await Promise.all([thread.lints('slow text'), thread.lints('quick')]);
    expect(slow.map((l) => l.message)).toEqual(['slow text']);
    expect(quick.map((l) => l.message)).toEqual(['quick']);
    expect(quick[0]?.end).toBe(5);
  });

  it('fails a text the worker could not lint, and goes on with the next', async () => {
    thread = new HarperThread(workerFile);
    await expect(thread.lints('fail this')).rejects.toThrow('Harper: no linter');
    expect((await thread.lints('next')).map((l) => l.message)).toEqual(['next']);
  });

  it('fails the texts a dead worker held, and lints the next text in a new worker', async () => {
    thread = new HarperThread(workerFile);
    const before = (await thread.lints('first'))[0]?.rule;
    const held = thread.lints('slow held');
    await expect(thread.lints('die')).rejects.toThrow("Harper's worker thread exited with code 3");
    await expect(held).rejects.toThrow('exited with code 3');
    const after = (await thread.lints('again'))[0]?.rule;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('lints on another thread than the caller’s', async () => {
    thread = new HarperThread(workerFile);
    expect((await thread.lints('where'))[0]?.rule).not.toBe('0');
  });
});
