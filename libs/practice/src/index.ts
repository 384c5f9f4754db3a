// Pure practice logic (issue 47): the cards a test's mistakes make, the FSRS scheduler adapter,
// the "fix your sentence" check and the progress figures. No I/O: catalog-service's practice
// module stores the cards and consumes the events (docs/architecture.md#practice).
export * from './card-keys';
export * from './skills';
export * from './mistyped-words';
export * from './card-builders';
export * from './missed-item-check';
export * from './scheduler';
export * from './fix-check';
export * from './learner-day';
export * from './progress';
export * from './texts';
