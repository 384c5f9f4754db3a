export * from './service-health';
export * from './probe-server';
export * from './cached-probe';
export * from './database-health.controller';
