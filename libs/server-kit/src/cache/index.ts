export * from './keyed-cache';
export * from './shared-cache';
export * from './local-broadcast';
