export * from './typing';
export * from './typing-detail';
export * from './normalise';
export * from './answers';
export * from './writing';
export * from './score-test';
export * from './jumbled-orders';
export * from './rescore';
