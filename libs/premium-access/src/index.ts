// Premium access from payments: what payment-service charges (the price settings) and what the
// consumers of payment.succeeded (auth-service, catalog-service) need to grant access.
export * from './config';
export * from './metrics';
export * from './premium-prices';
export * from './payment-consumer';
