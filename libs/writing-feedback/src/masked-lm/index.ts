export * from './confusion-edits';
export * from './masked-copies';
export * from './masked-lm-check';
export * from './tags';
export * from './wordpiece';
