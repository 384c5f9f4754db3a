export * from './patterns';
export * from './events';
export * from './health';
export * from './errors';
export * from './validation';
export * from './contact';
export * from './tests';
export * from './auth';
