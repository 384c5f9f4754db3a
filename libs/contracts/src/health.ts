export type ComponentStatus = 'up' | 'down';

/** What a service answers to its health subject. */
export interface ServiceHealth {
  service: string;
  status: ComponentStatus;
  /** Dependencies the service itself checks, e.g. database, keycloak, stripe. */
  checks: Record<string, ComponentStatus>;
}

/** GET /api/health: 200 when every component is up, 503 otherwise. */
export interface HealthReport {
  status: 'ok' | 'error';
  components: Record<string, ComponentStatus>;
  /** Names of the components that are down; empty when healthy. */
  failing: string[];
}
