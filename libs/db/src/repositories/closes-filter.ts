/** Which rows of rate_history a read or a deletion takes: every condition given holds. */
export interface ClosesFilter {
  sources?: readonly string[];
  currencies?: readonly string[];
  /** The first day taken (YYYY-MM-DD). */
  from?: string;
  /** The last day taken (YYYY-MM-DD). */
  to?: string;
  /** Only these days (YYYY-MM-DD). */
  days?: readonly string[];
  /** Only the values the ingestion recorded (they carry an observation time; imported closes do not). */
  observedOnly?: boolean;
}

/** A stored close of a source, its rate exactly as PostgreSQL prints the numeric. */
export interface StoredClose {
  source: string;
  day: string;
  currency: string;
  rate: string;
}

/** The columns of a StoredClose, as both repositories of rate_history read them. */
export const STORED_CLOSE_COLUMNS = `source, to_char(day, 'YYYY-MM-DD') as day, currency, rate_vs_usd::text as rate`;

/**
 * The `where` clause of `filter`, each value written by `bind` (which returns its placeholder: `?` for
 * the ORM's connection, `$n` for a pg client). Lists go as one JSON parameter, read the same way by
 * both. A filter without any condition is refused: it would take the whole table.
 */
export function closesWhere(filter: ClosesFilter, bind: (value: string) => string): string {
  const among = (column: string, values: readonly string[], type: string) =>
    `${column} in (select jsonb_array_elements_text(${bind(JSON.stringify(values))}::jsonb)::${type})`;
  const conditions: string[] = [];
  if (filter.sources) conditions.push(among('source', filter.sources, 'varchar'));
  if (filter.currencies) conditions.push(among('currency', filter.currencies, 'varchar'));
  if (filter.days) conditions.push(among('day', filter.days, 'date'));
  if (filter.from !== undefined) conditions.push(`day >= ${bind(filter.from)}::date`);
  if (filter.to !== undefined) conditions.push(`day <= ${bind(filter.to)}::date`);
  if (filter.observedOnly) conditions.push('observed_at is not null');
  if (conditions.length === 0) throw new Error('A filter of closes needs at least one condition');
  return `where ${conditions.join(' and ')}`;
}
