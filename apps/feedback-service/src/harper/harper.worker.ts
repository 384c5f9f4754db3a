import { parentPort } from 'node:worker_threads';
import { HarperChecker } from './harper.checker';
import type { HarperRequest, HarperReply } from './harper.thread';

// The worker thread of HarperThread: one Harper, compiled on the first text, linting one text at a
// time (each message waits for the one before, as WebAssembly runs on this thread).
const checker = new HarperChecker();
const port = parentPort;
if (!port) throw new Error('harper.worker runs only as a worker thread (HarperThread starts it)');

port.on('message', ({ id, text }: HarperRequest) => {
  checker.lints(text).then(
    (lints) => port.postMessage({ id, lints } satisfies HarperReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies HarperReply),
  );
});
