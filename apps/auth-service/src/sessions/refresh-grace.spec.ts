import { describe, expect, it, vi } from 'vitest';
import type { SessionTokens } from '@fluent/contracts';
import { RefreshGrace, type GraceStore } from './refresh-grace';

function memoryStore(): GraceStore & { data: Map<string, Uint8Array> } {
  const data = new Map<string, Uint8Array>();
  return {
    data,
    get: async (key) => data.get(key),
    create: async (key, value) => {
      if (data.has(key)) return false;
      data.set(key, value);
      return true;
    },
    put: async (key, value) => void data.set(key, value),
  };
}

const rotated: SessionTokens = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 300, refreshExpiresIn: 43200 };
const noWait = () => Promise.resolve();

describe('RefreshGrace', () => {
  it('rotates once when two callers present the same refresh token at the same time', async () => {
    const store = memoryStore();
    const grace = new RefreshGrace(store, 'secret', 3000, () => new Promise((r) => setTimeout(r, 5)));
    let release!: () => void;
    const rotate = vi.fn(() => new Promise<SessionTokens>((resolve) => (release = () => resolve(rotated))));
    const first = grace.refresh('refresh-1', rotate);
    const second = grace.refresh('refresh-1', rotate);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(first).resolves.toEqual(rotated);
    await expect(second).resolves.toEqual(rotated);
    expect(rotate).toHaveBeenCalledTimes(1);
  });

  it('answers a token presented again within the grace period with the same result', async () => {
    const grace = new RefreshGrace(memoryStore(), 'secret', 3000, noWait);
    const rotate = vi.fn().mockResolvedValue(rotated);
    await grace.refresh('refresh-1', rotate);
    await expect(grace.refresh('refresh-1', rotate)).resolves.toEqual(rotated);
    expect(rotate).toHaveBeenCalledTimes(1);
  });

  it('never stores the new refresh token in clear', async () => {
    const store = memoryStore();
    await new RefreshGrace(store, 'secret', 3000, noWait).refresh('refresh-1', async () => rotated);
    for (const value of store.data.values()) expect(Buffer.from(value).toString('latin1')).not.toContain('refresh-2');
    // Another secret cannot read it.
    const other = new RefreshGrace(store, 'another-secret', 0, noWait);
    const rotate = vi.fn().mockRejectedValue(new Error('rotation refused'));
    await expect(other.refresh('refresh-1', rotate)).rejects.toThrow('rotation refused');
  });

  it('lets Keycloak decide when the claimer never delivers', async () => {
    const store = memoryStore();
    const grace = new RefreshGrace(store, 'secret', 300, noWait);
    const stuck = grace.refresh('refresh-1', () => new Promise<SessionTokens>(() => undefined));
    void stuck;
    const rotate = vi.fn().mockResolvedValue(rotated);
    await expect(grace.refresh('refresh-1', rotate)).resolves.toEqual(rotated);
    expect(rotate).toHaveBeenCalledTimes(1);
  });

  it('still refreshes when the store is down (grace off, never a failure of its own)', async () => {
    const broken: GraceStore = {
      get: () => Promise.reject(new Error('nats down')),
      create: () => Promise.reject(new Error('nats down')),
      put: () => Promise.reject(new Error('nats down')),
    };
    const errors: unknown[] = [];
    const grace = new RefreshGrace(broken, 'secret', 3000, noWait, (e) => errors.push(e));
    await expect(grace.refresh('refresh-1', async () => rotated)).resolves.toEqual(rotated);
    expect(errors).toHaveLength(3);
  });

  it('does not keep a failed rotation', async () => {
    const store = memoryStore();
    const grace = new RefreshGrace(store, 'secret', 0, noWait);
    await expect(grace.refresh('refresh-1', () => Promise.reject(new Error('invalid_grant')))).rejects.toThrow('invalid_grant');
    expect([...store.data.keys()].some((k) => !k.endsWith('.claim'))).toBe(false);
  });
});
