import { Module } from '@nestjs/common';
import { CurrentRates } from './current-rates';

/** The in-process rates table alone, for the modules that read it without the converter's routes. */
@Module({
  providers: [CurrentRates],
  exports: [CurrentRates],
})
export class CurrentRatesModule {}
