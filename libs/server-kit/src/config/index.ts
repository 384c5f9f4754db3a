export * from './config';
export * from './secrets';
