export const CATALOG_CLIENT = Symbol('CATALOG_CLIENT');
