import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { AcceptedOrders } from '@fluent/scoring';
import { REPLICA_BROADCAST, SharedCache, type ReplicaBroadcast } from '@fluent/server-kit';
import { JumbledOrderDecision } from './jumbled-order-decision.schema';

/** How long a replica keeps the overlay without being told it changed (a missed broadcast's bound). */
export const OVERLAY_TTL_MS = 10 * 60_000;
const KEY = 'accepted';

/**
 * The orders operators accepted, by item, as the scorer reads them: one database read per
 * replica until an order is accepted (the accepting replica and the event's consumer drop it on
 * every replica), never one per submitted item.
 */
@Injectable()
export class AcceptedOrdersOverlay {
  private readonly cache: SharedCache<AcceptedOrders>;

  constructor(
    @InjectModel(JumbledOrderDecision.name) private readonly decisions: Model<JumbledOrderDecision>,
    @Inject(REPLICA_BROADCAST) broadcast: ReplicaBroadcast,
  ) {
    this.cache = new SharedCache('jumbled-accepted-orders', broadcast, { maxEntries: 1, ttlMs: OVERLAY_TTL_MS });
  }

  orders(): Promise<AcceptedOrders> {
    return this.cache.get(KEY, async () => {
      const rows = await this.decisions.find({ decision: 'accept' }, { _id: 0, itemId: 1, order: 1 }).lean<Pick<JumbledOrderDecision, 'itemId' | 'order'>[]>();
      const byItem = new Map<number, string[]>();
      for (const { itemId, order } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), order]);
      return byItem;
    });
  }

  /** After an order was accepted: here at once, on every other replica through the broadcast. */
  changed(): void {
    this.cache.invalidate(KEY);
  }
}
