import { defineMessage, patternsOf } from '../common/message';
import type { ServiceName } from '../common/services';
import { serviceHealthSchema } from './schemas';

const healthOf = <P extends string>(pattern: P) => defineMessage({ pattern, reply: serviceHealthSchema, readOnly: true });

/** Each service's health subject: no payload, its ServiceHealth back. */
export const HealthMessages = {
  'auth-service': healthOf('auth.health'),
  'catalog-service': healthOf('catalog.health'),
  'payment-service': healthOf('payment.health'),
  'blog-service': healthOf('blog.health'),
  'feedback-service': healthOf('feedback.health'),
} as const satisfies Record<ServiceName, unknown>;

export const HealthPatterns: Record<ServiceName, string> = patternsOf(HealthMessages);

