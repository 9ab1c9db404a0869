import { Module } from '@nestjs/common';
import { CurrentRatesModule } from '../current-rates';
import { StatusLimits } from './status-limits';
import { StatusRoutes } from './status.routes';

/** The public status of the rates sources, and of every currency's rate, under /api/v1/status. */
@Module({
  imports: [CurrentRatesModule],
  providers: [StatusLimits, StatusRoutes],
})
export class StatusModule {}
