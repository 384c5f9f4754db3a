export * from './bank';
export * from './assemble-test';
export * from './schema';
export * from './statistics';
