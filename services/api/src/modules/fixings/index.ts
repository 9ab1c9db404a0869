export { FixingsModule } from './fixings.module';
export { Fixings } from './fixings.service';
export { JWKS_PATH, JWKS_ROUTE, FIXINGS_TAG } from './jwks.route';
