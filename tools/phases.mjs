// @ts-check
import { duration, log } from './stack/run.mjs';

/** Runs named phases in order and remembers how long each took. */
export class Phases {
  /** @type {{ name: string, ms: number, ok: boolean }[]} */
  timings = [];

  /**
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  async run(name, work) {
    const started = Date.now();
    log('phase', `${name} …`);
    try {
      const result = await work();
      this.timings.push({ name, ms: Date.now() - started, ok: true });
      log('phase', `${name} done in ${duration(Date.now() - started)}`);
      return result;
    } catch (error) {
      this.timings.push({ name, ms: Date.now() - started, ok: false });
      throw error;
    }
  }

  /**
   * Runs phases at the same time (downloads beside builds), each timed on its own; fails with the
   * first failure once all have ended, so none is left running behind the error.
   * @param {Record<string, () => Promise<unknown>>} work phase name → its work
   */
  async runTogether(work) {
    const results = await Promise.allSettled(Object.entries(work).map(([name, fn]) => this.run(name, fn)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason;
  }

  report() {
    const total = this.timings.reduce((sum, t) => sum + t.ms, 0);
    console.log('\nPhase timings:');
    for (const t of this.timings) console.log(`  ${t.ok ? '✓' : '✗'} ${t.name.padEnd(28)} ${duration(t.ms)}`);
    console.log(`  total${' '.repeat(26)}${duration(total)}`);
  }
}
