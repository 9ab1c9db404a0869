import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ConvertRoute } from './convert.route';
import { ConverterAccess } from './converter-access';
import { HistoryModule } from '../history';
import { CurrentRatesModule } from '../current-rates';
import { PairHistoryRoute } from './pair-history.route';
import { LandingConverterService } from './landing-converter.service';

/**
 * The landing page's converter: GET /api/rates/convert and its 30-day sparkline, /api/rates/history,
 * for an anonymous session or a signed-in user, limited per session and IP and never metered. The
 * metered public API, /api/v1/rates/* among it, is modules/public-api.
 */
@Module({
  imports: [AuthModule, CurrentRatesModule, HistoryModule],
  providers: [LandingConverterService, ConverterAccess, ConvertRoute, PairHistoryRoute],
})
export class LandingConverterModule {}
