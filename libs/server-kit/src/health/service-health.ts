import type { ComponentStatus, ServiceHealth } from '@fluent/contracts';

/** A service is up only when every dependency it checks is up. */
export function serviceHealth(service: string, checks: Record<string, ComponentStatus>): ServiceHealth {
  const status = Object.values(checks).every((s) => s === 'up') ? 'up' : 'down';
  return { service, status, checks };
}
