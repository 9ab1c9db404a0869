import { CURRENCIES, PLANS, type CurrencySource, type CurrencyType } from '@fxrates/domain';
import { assessFreshness, type RateProvenance, type RatesTable } from '@fxrates/rates';

/** The pivot of every rates table: its rate is 1 by definition, from no source. */
export const PIVOT = 'USD';

/** What a currency's row is for one table: all but the age, which moves with the clock. */
interface Row {
  code: string;
  name: string;
  type: CurrencyType;
  /** Index into the table's distinct origins, or -1 (the pivot, or no source has it). */
  origin: number;
}

interface Rows {
  version: string;
  rows: Row[];
  origins: RateProvenance[];
}

/**
 * Every currency of the catalogue with the source and age of its rate in service, for the status
 * answer. The rows are worked out once per rates table version; each answer then only judges the
 * table's few distinct origins (a source's publication: tens, not ~450 currencies) against the clock.
 */
export class CurrencySources {
  private rows?: Rows;

  answer(table: RatesTable, now: number): CurrencySource[] {
    const { rows, origins } = this.rowsOf(table);
    // The converter's (and Free plan's) promise: what a visitor to the landing page is told.
    const judged = origins.map((origin) => {
      const { stale, marketClosed } = assessFreshness([origin], PLANS.free.freshnessMs, now);
      const ageSeconds = Math.max(0, Math.floor((now - Date.parse(origin.timestamp)) / 1000));
      return { ...origin, ageSeconds, stale, marketClosed };
    });
    return rows.map(({ code, name, type, origin }) => {
      const known = judged[origin];
      return known
        ? { code, name, type, ...known }
        : {
            code,
            name,
            type,
            source: null,
            timestamp: null,
            date: null,
            ageSeconds: null,
            stale: false,
            marketClosed: false,
          };
    });
  }

  private rowsOf(table: RatesTable): Rows {
    if (this.rows?.version === table.version) return this.rows;
    const origins: RateProvenance[] = [];
    const indexes = new Map<string, number>();
    const rows = CURRENCIES.map(({ code, name, type }): Row => {
      const provenance = code === PIVOT || !table.perUsd.has(code) ? undefined : table.provenance.get(code);
      if (!provenance) return { code, name, type, origin: -1 };
      const key = `${provenance.source}|${provenance.timestamp}|${provenance.date}`;
      let origin = indexes.get(key);
      if (origin === undefined) {
        origin = origins.length;
        origins.push({ source: provenance.source, timestamp: provenance.timestamp, date: provenance.date });
        indexes.set(key, origin);
      }
      return { code, name, type, origin };
    });
    this.rows = { version: table.version, rows, origins };
    return this.rows;
  }
}
