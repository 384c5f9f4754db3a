import { describe, expect, it } from 'vitest';
import { redactUri, waitForDatabase } from './database';

describe('waitForDatabase', () => {
  it('waits for a database that refuses the first connections, logging each failure without the password', async () => {
    let pings = 0;
    const warnings: string[] = [];
    await waitForDatabase('mongodb://fluent:s3cret@db:27017/fluent', {
      log: { warn: (m) => warnings.push(m) },
      sleep: async () => undefined,
      ping: async () => {
        pings += 1;
        if (pings < 4) throw new Error('connect ECONNREFUSED');
      },
    });
    expect(pings).toBe(4);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe(
      'Cannot reach the database at mongodb://fluent:***@db:27017/fluent (attempt 1: connect ECONNREFUSED); retrying in 500 ms',
    );
    expect(warnings.join('\n')).not.toContain('s3cret');
  });

  it('redacts only the password of a URI', () => {
    expect(redactUri('mongodb://127.0.0.1:27017/fluent')).toBe('mongodb://127.0.0.1:27017/fluent');
    expect(redactUri('mongodb+srv://user:p%40ss@cluster.example/db')).toBe('mongodb+srv://user:***@cluster.example/db');
  });
});
