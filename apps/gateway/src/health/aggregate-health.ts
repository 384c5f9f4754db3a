import type { ComponentStatus, HealthReport, ServiceHealth } from '@fluent/contracts';

/**
 * Folds the services' answers into one report. A service that did not answer is down; a
 * dependency (database, keycloak, stripe) is down when any service that checks it says so.
 */
export function aggregateHealth(
  natsUp: boolean,
  answers: Record<string, ServiceHealth | undefined>,
): HealthReport {
  const components: Record<string, ComponentStatus> = { nats: natsUp ? 'up' : 'down' };
  for (const [service, answer] of Object.entries(answers)) {
    components[service] = answer ? 'up' : 'down';
    for (const [dependency, status] of Object.entries(answer?.checks ?? {})) {
      components[dependency] = components[dependency] === 'down' || status === 'down' ? 'down' : 'up';
    }
  }
  const failing = Object.entries(components)
    .filter(([, status]) => status === 'down')
    .map(([name]) => name);
  return { status: failing.length === 0 ? 'ok' : 'error', components, failing };
}
