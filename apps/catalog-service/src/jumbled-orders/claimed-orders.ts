import type { ClaimedOrder, ClaimedOrderList, ClaimedOrderListQuery } from '@fluent/contracts';

/** What the grouping reads of a report (ItemReport with an `order`). */
export interface OrderClaim {
  itemId: number;
  testId: number;
  prompt: string;
  answer: string;
  order?: string;
  reportedAt: Date;
}

/**
 * The reports that claim an order of a jumbled item, one entry per (item, order) with how many
 * learners claimed it: the most claimed first, then the newest. Orders already decided
 * (`decided`: `<itemId>:<order>`) are left off; `keyOf` gives an item's key sentence.
 */
export function groupClaimedOrders(claims: OrderClaim[], decided: ReadonlySet<string>, keyOf: (itemId: number) => string | undefined): ClaimedOrder[] {
  const groups = new Map<string, ClaimedOrder>();
  for (const claim of claims) {
    if (!claim.order) continue;
    const id = `${claim.itemId}:${claim.order}`;
    if (decided.has(id)) continue;
    const group = groups.get(id);
    if (group) {
      group.count += 1;
      if (claim.reportedAt.toISOString() > group.lastReportedAt) Object.assign(group, { lastReportedAt: claim.reportedAt.toISOString(), example: claim.answer });
      continue;
    }
    groups.set(id, {
      itemId: claim.itemId,
      testId: claim.testId,
      prompt: claim.prompt,
      key: keyOf(claim.itemId) ?? '',
      order: claim.order,
      example: claim.answer,
      count: 1,
      lastReportedAt: claim.reportedAt.toISOString(),
    });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || b.lastReportedAt.localeCompare(a.lastReportedAt) || a.itemId - b.itemId);
}

export function pageOfOrders(orders: ClaimedOrder[], query: ClaimedOrderListQuery): ClaimedOrderList {
  const start = (query.page - 1) * query.limit;
  return { orders: orders.slice(start, start + query.limit), page: query.page, limit: query.limit, totalOrders: orders.length };
}
