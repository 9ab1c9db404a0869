import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConvertRoute } from './convert.route';
import { CurrentRates } from './current-rates';
import { RatesService } from './rates.service';

@Module({
  imports: [AuthModule],
  providers: [CurrentRates, RatesService, ConvertRoute],
  exports: [CurrentRates],
})
export class RatesModule {}
