import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { KV } from 'nats';
import type { SessionTokens } from '@fluent/contracts';

/** Where a rotated refresh result is kept for a short while, shared by every auth-service replica. */
export interface GraceStore {
  get(key: string): Promise<Uint8Array | undefined>;
  /** Creates the key; false when it already exists. */
  create(key: string, value: Uint8Array): Promise<boolean>;
  put(key: string, value: Uint8Array): Promise<void>;
}

/** The grace store on a NATS KV bucket (see NatsKv.use). */
export function kvGraceStore(use: <T>(work: (kv: KV) => Promise<T>) => Promise<T>): GraceStore {
  return {
    get: (key) =>
      use(async (kv) => {
        const entry = await kv.get(key);
        return entry && entry.operation === 'PUT' ? entry.value : undefined;
      }),
    create: (key, value) =>
      use(async (kv) => {
        try {
          await kv.create(key, value);
          return true;
        } catch (error) {
          if (/wrong last sequence|key exists/i.test(String((error as Error)?.message))) return false;
          throw error;
        }
      }),
    put: (key, value) => use((kv) => kv.put(key, value).then(() => undefined)),
  };
}

/**
 * Refresh-token rotation is on, so a refresh token works once. Two tabs restoring the same session
 * at the same moment (a browser reopening its tabs) both present it; without help the second
 * would be signed out. The first caller claims the token, refreshes, and leaves the result here
 * for a few seconds under the old token's hash; a caller that finds it (or waits for it) gets the
 * same new tokens. The result is encrypted with a key derived from the client secret, so the
 * bucket never holds a usable refresh token in clear. When the store is unreachable the grace is
 * simply off: a refresh then works as plain rotation, never fails because of the store.
 */
export class RefreshGrace {
  private readonly key: Buffer;

  constructor(
    private readonly store: GraceStore,
    secret: string,
    private readonly waitMs = 3000,
    private readonly sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    private readonly onStoreError: (error: unknown) => void = () => undefined,
  ) {
    this.key = createHash('sha256').update(`fluent-refresh-grace:${secret}`).digest();
  }

  async refresh(refreshToken: string, rotate: () => Promise<SessionTokens>): Promise<SessionTokens> {
    const id = createHash('sha256').update(refreshToken).digest('hex');
    const known = await this.read(id);
    if (known) return known;
    const claimed = await this.store.create(`${id}.claim`, new Uint8Array([1])).catch((error: unknown) => {
      this.onStoreError(error);
      return true;
    });
    if (!claimed) {
      const result = await this.waitFor(id);
      if (result) return result;
      // The claimer failed or is too slow: let Keycloak decide (rotation refuses a reused token).
    }
    const tokens = await rotate();
    await this.store.put(id, this.seal(tokens)).catch(this.onStoreError);
    return tokens;
  }

  private async waitFor(id: string): Promise<SessionTokens | undefined> {
    for (let waited = 0; waited < this.waitMs; waited += 100) {
      await this.sleep(100);
      const result = await this.read(id);
      if (result) return result;
    }
    return undefined;
  }

  private async read(id: string): Promise<SessionTokens | undefined> {
    const sealed = await this.store.get(id).catch((error: unknown) => {
      this.onStoreError(error);
      return undefined;
    });
    return sealed ? this.open(sealed) : undefined;
  }

  private seal(tokens: SessionTokens): Uint8Array {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private open(sealed: Uint8Array): SessionTokens | undefined {
    try {
      const data = Buffer.from(sealed);
      const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8')) as SessionTokens;
    } catch {
      return undefined;
    }
  }
}
