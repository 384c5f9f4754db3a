import { describe, expect, it } from 'vitest';
import { withTimeout } from '../database/database';
import { serviceHealth } from './service-health';

describe('serviceHealth', () => {
  it('is up only when every check is up', () => {
    expect(serviceHealth('s', { database: 'up', keycloak: 'up' }).status).toBe('up');
    expect(serviceHealth('s', { database: 'up', keycloak: 'down' }).status).toBe('down');
    expect(serviceHealth('s', {}).status).toBe('up');
  });
});

describe('withTimeout', () => {
  it('resolves with the value when in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50)).resolves.toBe(7);
  });

  it('rejects when the deadline passes first', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow('timed out after 10 ms');
  });
});
