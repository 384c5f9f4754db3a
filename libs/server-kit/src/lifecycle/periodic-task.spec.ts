import { Logger } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from './periodic-task';

/** A task whose rounds wait for the test to let them finish. */
class Gated extends PeriodicTask {
  rounds = 0;
  release: () => void = () => undefined;
  fail = false;
  constructor(readonly log = new Logger('test')) {
    super(log, 60_000, 'Gated round');
  }
  protected work(): Promise<void> {
    this.rounds += 1;
    if (this.fail) return Promise.reject(new Error('database away'));
    return new Promise((resolve) => (this.release = resolve));
  }
}

describe('PeriodicTask', () => {
  it('does not start a second round while one is running', async () => {
    const task = new Gated();
    const first = task.round();
    const second = task.round();
    expect(task.rounds).toBe(1);
    task.release();
    await Promise.all([first, second]);
    void task.round();
    expect(task.rounds).toBe(2);
    task.release();
  });

  it('logs a failed round with its name and the interval, and does not throw', async () => {
    const log = new Logger('test');
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const task = new Gated(log);
    task.fail = true;
    await expect(task.round()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Gated round failed (tried again in 60000 ms): database away');
  });

  it('lets a round in progress finish before shutdown resolves', async () => {
    const task = new Gated();
    const round = task.round();
    let shutDown = false;
    const shutdown = task.beforeApplicationShutdown().then(() => (shutDown = true));
    await Promise.resolve();
    expect(shutDown).toBe(false);
    task.release();
    await Promise.all([round, shutdown]);
    expect(shutDown).toBe(true);
  });
});
