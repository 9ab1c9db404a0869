import { PLANS, type PlanId } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';

export { withRates } from '../rates/with-rates';

/** `"timestamp":…,"date":…,"source":…,"stale":…`: where the numbers come from and how fresh they are. */
export function provenanceJson(table: RatesTable, plan: PlanId, now: number): string {
  const stale = now - Date.parse(table.timestamp) > PLANS[plan].freshnessMs;
  return `"timestamp":"${table.timestamp}","date":"${table.date}","source":${JSON.stringify(table.source)},"stale":${stale}`;
}
