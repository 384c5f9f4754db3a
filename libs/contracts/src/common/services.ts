/**
 * The services behind the gateway. Each listens in a queue group named after itself, so every
 * request subject is handled by exactly one replica of its owner.
 */
export const SERVICES = ['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'] as const;
export type ServiceName = (typeof SERVICES)[number];
