import type { AuthenticatedUser } from '@fluent/contracts';

interface Entry {
  user: AuthenticatedUser;
  expiresAt: number;
  keys: number;
}

/**
 * Access tokens already verified, by their exact text, until they expire. A learner's every
 * request carries the same token for its 5 minutes, and its RSA signature check cost more than the
 * rest of the gateway's work on a request. Only a token byte-for-byte identical to one that passed
 * every check is taken from here, and only under the key set it was checked with: when the realm's
 * keys change (rotation, a key withdrawn), every token is checked again. Bounded: past `maxEntries`
 * the oldest entries go first.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller a token proved, if it was verified under key set `keys` and has not expired. */
  get(token: string, keys: number): AuthenticatedUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.keys !== keys || entry.expiresAt <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /** Remembers a verified token until `expiresAt` (ms). */
  set(token: string, user: AuthenticatedUser, expiresAt: number, keys: number): void {
    if (expiresAt <= this.now()) return;
    this.entries.delete(token);
    this.entries.set(token, { user, expiresAt, keys });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
