export * from './logging';
export * from './request-context';
