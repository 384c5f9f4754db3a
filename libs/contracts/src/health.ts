export type ComponentStatus = 'up' | 'down';

/** What a service answers to its health subject. */
export interface ServiceHealth {
  service: string;
  status: ComponentStatus;
  /** Dependencies the service itself checks, e.g. database, keycloak, stripe. */
  checks: Record<string, ComponentStatus>;
}

/**
 * GET /api/health (= /api/health/ready), internal callers only: 200 when every component is up,
 * 503 otherwise. Computed at most once per HEALTH_CACHE_MS; `checkedAt` says when.
 */
export interface HealthReport {
  status: 'ok' | 'error';
  components: Record<string, ComponentStatus>;
  /** Names of the components that are down; empty when healthy. */
  failing: string[];
  /** When the components were asked (ISO time); callers inside one cache window see the same value. */
  checkedAt?: string;
}

/** GET /api/health/live: public, answered by the gateway process alone (no downstream calls). */
export interface LivenessReport {
  status: 'up';
}
