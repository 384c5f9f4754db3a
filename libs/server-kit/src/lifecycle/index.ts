export * from './bootstrap-service';
export * from './service-root';
export * from './shutdown-signals';
export * from './periodic-task';
