import type { ReplicaBroadcast } from './shared-cache';

/**
 * A ReplicaBroadcast within one process: for unit tests, and for wiring several SharedCaches that
 * share one process. Delivers synchronously, as a replica's own subscription would see its message.
 */
export class LocalBroadcast implements ReplicaBroadcast {
  private readonly handlers = new Map<string, Array<(data: string) => void>>();
  private readonly reconnects: Array<() => void> = [];
  readonly published: Array<{ topic: string; data: string }> = [];

  publish(topic: string, data: string): void {
    this.published.push({ topic, data });
    for (const handler of this.handlers.get(topic) ?? []) handler(data);
  }

  subscribe(topic: string, handler: (data: string) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  onReconnect(handler: () => void): void {
    this.reconnects.push(handler);
  }

  /** What a replica sees when its connection comes back after an outage. */
  reconnected(): void {
    for (const handler of this.reconnects) handler();
  }
}
