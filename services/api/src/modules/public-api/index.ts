export * from './public-api.module';
export * from './public-api.openapi';
export * from './public-api.routes';
export * from './public-route';
export type { CachePolicy } from './cache-policy';
export { Representation } from './representation';
// What batch conversion (modules/convert-batch) writes its rows with, as GET /api/v1/convert does.
export { DecimalField, ExactDecimalField } from './numbers';
export { PROVENANCE } from './public-api.schemas';
export { provenanceOf, type RatesProvenance } from './rates-json';
export { CONVERSION_PAIR_FIELDS, convertAmount, type ConvertedAmount } from './conversion';
