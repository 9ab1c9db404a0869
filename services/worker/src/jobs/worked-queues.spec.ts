import type { AppConfig } from '@fxrates/config';
import { QUEUES, RATES_INGEST } from '@fxrates/queues';
import { queuesWorkedBy } from './worked-queues';

const withProviders = (ids: string[]) =>
  ({
    rates: { providers: ids.map((id) => ({ id, baseUrl: '', intervalMs: 60_000, timeoutMs: 1000 })) },
  }) as unknown as AppConfig;

describe('the queues a worker works', () => {
  it('are every fixed queue and the rates ingest when a provider is enabled', () => {
    expect(queuesWorkedBy(withProviders(['bundled-snapshot', 'ecb'])).sort()).toEqual(
      [...Object.values(QUEUES), RATES_INGEST].sort(),
    );
  });

  it('leave out the rates ingest when no provider is enabled', () => {
    expect(queuesWorkedBy(withProviders([])).sort()).toEqual([...Object.values(QUEUES)].sort());
  });
});
