import { Module } from '@nestjs/common';
import { FixingsRepository, repositoryProvider } from '@fxrates/db';
import { Fixings } from './fixings.service';
import { JwksRoute } from './jwks.route';

/** FXRates fixings as the API serves them (routes in the /api/v1 table) and their keys (the JWKS). */
@Module({
  providers: [repositoryProvider(FixingsRepository), Fixings, JwksRoute],
  exports: [Fixings],
})
export class FixingsModule {}
