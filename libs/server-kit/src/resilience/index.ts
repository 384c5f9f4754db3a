export * from './retry';
export * from './deadline';
