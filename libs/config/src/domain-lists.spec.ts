import {
  BILLING_CYCLES,
  DEFAULT_RATE_PROVIDERS,
  PAID_PLAN_IDS,
  PLAN_IDS,
  PLANS,
  RATE_PROVIDER_IDS,
  RATE_PROVIDERS,
} from '@fxrates/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

/** The config's plan and provider lists are read from the domain's tables, in their order. */
describe('plan and provider lists of the config', () => {
  // Development keeps its generated secrets in a directory of this file's own, not in the checkout.
  const secrets = mkdtempSync(path.join(tmpdir(), 'fxrates-config-spec-'));
  afterAll(() => rmSync(secrets, { recursive: true, force: true }));
  const load = (env: NodeJS.ProcessEnv) => loadConfig(env, { directory: secrets, notice: () => undefined });

  it('takes quota overrides and stream limits for every plan, and names them in the table order', () => {
    const every = (value: string) => PLAN_IDS.map((plan) => `${plan}=${value}`).join(',');
    expect(Object.keys(load({ PLAN_LIMITS: every('7:3') }).usage.planLimits)).toEqual(PLAN_IDS);
    expect(Object.keys(load({ STREAM_LIMITS: every('4') }).streams.limits)).toEqual(PLAN_IDS);
    expect(() => load({ PLAN_LIMITS: 'nobody=1:1' })).toThrow(`plans ${PLAN_IDS.join(', ')}`);
  });

  it('defaults stream limits to each plan’s own', () => {
    expect(load({}).streams.limits).toEqual(
      Object.fromEntries(
        PLAN_IDS.flatMap((plan) => {
          const streams: number | null = PLANS[plan].defaultStreams;
          return streams === null ? [] : [[plan, streams]];
        }),
      ),
    );
  });

  it('takes a PayPal plan id for every paid plan and cycle, and for nothing else', () => {
    const names = PAID_PLAN_IDS.flatMap((plan) => BILLING_CYCLES.map((cycle) => `${plan}.${cycle}`));
    const planIds = names.map((name, i) => `${name}=P-${i}AB`).join(',');
    expect(Object.keys(load({ PAYPAL_PLAN_IDS: planIds }).paypal.planIds)).toEqual(names);
    expect(() => load({ PAYPAL_PLAN_IDS: 'free.monthly=P-1AB' })).toThrow(`names ${names.join(', ')}`);
  });

  it('configures every rates provider from its own variables', () => {
    expect(load({}).rates.providers.map((p) => p.id)).toEqual(DEFAULT_RATE_PROVIDERS);
    const all = load({ RATES_PROVIDERS: RATE_PROVIDER_IDS.join(','), RATES_OXR_APP_ID: 'app-id' }).rates
      .providers;
    expect(all.map((p) => p.id)).toEqual(RATE_PROVIDER_IDS);
    for (const provider of all) {
      const env: string | null = RATE_PROVIDERS[provider.id].env;
      const own = load({
        ...(env !== null && { [`RATES_${env}_URL`]: 'https://own.example' }),
        RATES_PROVIDERS: provider.id,
        RATES_OXR_APP_ID: 'k',
      });
      expect([provider.id, own.rates.providers[0].baseUrl]).toEqual([
        provider.id,
        env === null ? '' : 'https://own.example',
      ]);
    }
  });
});
