// The public surface of @fluent/contracts: one folder per domain, each with its schemas (zod, the
// one definition of every shape; the types are inferred from them), its NATS messages (subject,
// request and reply together) and its texts (no zod, for pages that must not load it).
export * from './common/errors';
export { errorBodySchema } from './common/schemas';
export * from './common/validation';
export * from './common/message';
export * from './common/services';
export * from './events';
export * from './nats/topology';
export * from './health/schemas';
export * from './health/messages';
export * from './auth/schemas';
export * from './auth/messages';
export * from './auth/text';
export * from './catalog/mock-tests';
export * from './catalog/sections';
export * from './catalog/schemas';
export * from './catalog/messages';
export * from './catalog/text';
export * from './reports/schemas';
export * from './reports/messages';
export * from './reports/text';
export * from './feedback/schemas';
export * from './feedback/messages';
export * from './feedback/text';
export * from './payments/schemas';
export * from './payments/messages';
export * from './payments/premium';
export * from './payments/text';
export * from './blog/schemas';
export * from './blog/messages';
export * from './blog/text';
export * from './contact/schemas';
export * from './contact/messages';
export * from './contact/text';
export * from './analytics/schemas';
export * from './analytics/messages';
export * from './analytics/site-pages';
