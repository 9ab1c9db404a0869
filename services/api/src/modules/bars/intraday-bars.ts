import { Injectable } from '@nestjs/common';
import type { BarInterval } from '@fxrates/domain';
import { RateBarsRepository, type StoredBar } from '@fxrates/db';
import { displayRate, RateDecimal } from '@fxrates/rates';
import { displayText } from './display-text';

/** One bar as answered: its start and its values shown to 10 significant digits, as every rate is. */
export interface Bar {
  t: string;
  open: string;
  high: string;
  low: string;
  close: string;
  ticks: number;
}

const ONE = new RateDecimal(1);

/**
 * The bars of a pair, from the worker's per-USD bars and per-tick log (docs/rates-engine.md, Bars):
 * USD/X is X's bars as kept; X/USD their inverse (high from the low, low from the high: one series,
 * so exact); any other pair from both currencies' values at the same ticks (simultaneous versions),
 * never from the legs' highs and lows.
 */
@Injectable()
export class IntradayBars {
  constructor(private readonly repository: RateBarsRepository) {}

  async of(base: string, symbol: string, interval: BarInterval, from: Date, to: Date): Promise<Bar[]> {
    if (base === 'USD') return (await this.repository.usdBars(interval, symbol, from, to)).map(asIs);
    if (symbol === 'USD') return (await this.repository.usdBars(interval, base, from, to)).map(inverted);
    return (await this.repository.crossBars(interval, base, symbol, from, to)).map(asIs);
  }
}

function asIs(bar: StoredBar): Bar {
  return {
    t: bar.start.toISOString(),
    open: displayText(bar.open),
    high: displayText(bar.high),
    low: displayText(bar.low),
    close: displayText(bar.close),
    ticks: bar.ticks,
  };
}

function inverted(bar: StoredBar): Bar {
  const inverse = (value: string) => displayRate(ONE.div(new RateDecimal(value))).toString();
  return {
    t: bar.start.toISOString(),
    open: inverse(bar.open),
    high: inverse(bar.low),
    low: inverse(bar.high),
    close: inverse(bar.close),
    ticks: bar.ticks,
  };
}
