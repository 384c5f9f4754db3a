export * from './database';
export * from './unavailable';
