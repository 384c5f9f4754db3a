export * from './words';
export * from './language';
export * from './explanations';
export * from './passage';
export * from './passage-deviations';
export * from './register';
export * from './email';
export * from './profile';
