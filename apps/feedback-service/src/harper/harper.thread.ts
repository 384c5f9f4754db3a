import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { HarperLint } from '@fluent/writing-feedback';
import { HarperLinter } from './harper.linter';

export interface HarperRequest {
  id: number;
  text: string;
}
export type HarperReply = { id: number; lints: HarperLint[]; error?: undefined } | { id: number; error: string; lints?: undefined };

/**
 * Harper in a worker thread of its own. Compiling Harper stalls the thread that does it for about a
 * second, and linting an essay takes about one (bench/FEEDBACK.md); on the service's own event
 * loop that delayed every request the replica held, feedback reads and health probes included (the
 * chaos run's slowest requests, bench/REPORT.md "Resilience"). The worker starts with the first
 * text, as Harper compiled before; if it dies, the texts it held fail (their events are redelivered)
 * and the next text starts a new one. One worker per replica: each holds its own Harper (~80 MB).
 * Node's own worker_threads: one worker and a request id are all this needs.
 */
@Injectable()
export class HarperThread extends HarperLinter implements OnModuleDestroy {
  private worker?: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (lints: HarperLint[]) => void; reject: (error: Error) => void }>();

  /** @param workerFile the compiled worker (tests pass a stand-in). */
  constructor(private readonly workerFile = join(__dirname, 'harper.worker.js')) {
    super();
  }

  lints(text: string): Promise<HarperLint[]> {
    const worker = (this.worker ??= this.start());
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text } satisfies HarperRequest);
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.workerFile);
    worker.on('message', (reply: HarperReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiting.reject(new Error(`Harper: ${reply.error}`));
      else waiting.resolve(reply.lints);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`Harper's worker thread exited with code ${code}`)));
    return worker;
  }
}
