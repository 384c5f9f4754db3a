import { z } from 'zod';
import { isoTime } from '../common/wire';

export const componentStatusSchema = z.enum(['up', 'down']);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** What a service answers to its health subject. */
export const serviceHealthSchema = z.object({
  service: z.string(),
  status: componentStatusSchema,
  /** Dependencies the service itself checks, e.g. database, keycloak, stripe. */
  checks: z.record(z.string(), componentStatusSchema),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/**
 * GET /api/health (= /api/health/ready), internal callers only: 200 when every component is up,
 * 503 otherwise. Computed at most once per HEALTH_CACHE_MS; `checkedAt` says when.
 */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'error']),
  components: z.record(z.string(), componentStatusSchema),
  /** Names of the components that are down; empty when healthy. */
  failing: z.array(z.string()),
  /** When the components were asked (ISO time); callers inside one cache window see the same value. */
  checkedAt: isoTime.optional(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/** GET /api/health/live: public, answered by the gateway process alone (no downstream calls). */
export const livenessReportSchema = z.object({ status: z.literal('up') });
export type LivenessReport = z.infer<typeof livenessReportSchema>;
