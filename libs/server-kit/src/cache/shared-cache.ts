import { KeyedCache, type KeyedCacheOptions } from './keyed-cache';

/**
 * A message to every replica of this service, itself included. The service's NATS transport
 * (GracefulNatsServer) implements it on the connection its replies go out on, so an invalidation
 * sent before a reply reaches every replica before any request that reply could lead to.
 */
export interface ReplicaBroadcast {
  publish(topic: string, data: string): void;
  subscribe(topic: string, handler: (data: string) => void): void;
  /** Called after the connection was lost and is back: broadcasts may have been missed meanwhile. */
  onReconnect(handler: () => void): void;
}

/**
 * A KeyedCache kept in step across the service's replicas: `invalidate` after a write drops the
 * key here at once and, through the broadcast, on every other replica; after a lost connection
 * every replica starts empty. The TTL bounds staleness should a broadcast still be missed.
 */
export class SharedCache<T> {
  private readonly cache: KeyedCache<T>;
  private readonly topic: string;

  constructor(
    name: string,
    private readonly broadcast: ReplicaBroadcast,
    options: KeyedCacheOptions,
  ) {
    this.cache = new KeyedCache<T>(options);
    this.topic = `cache.${name}.invalidate`;
    broadcast.subscribe(this.topic, (key) => this.cache.invalidate(key));
    broadcast.onReconnect(() => this.cache.clear());
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load);
  }

  /** The value kept for `key` on this replica, if any (KeyedCache.peek). */
  peek(key: string): T | undefined {
    return this.cache.peek(key);
  }

  /** After a write to what `key` reads: here at once, on the other replicas before any later request. */
  invalidate(key: string): void {
    this.cache.invalidate(key);
    try {
      this.broadcast.publish(this.topic, key);
    } catch {
      // The connection is closed (shutting down); what the others keep is bounded by the TTL.
    }
  }

  get size(): number {
    return this.cache.size;
  }
}
