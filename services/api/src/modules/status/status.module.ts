import { Module } from '@nestjs/common';
import { StatusLimits } from './status-limits';
import { StatusRoutes } from './status.routes';

/** The public status of the rates sources under /api/v1/status. */
@Module({
  providers: [StatusLimits, StatusRoutes],
})
export class StatusModule {}
