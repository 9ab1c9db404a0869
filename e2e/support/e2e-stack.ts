import type { StopWebServers } from '../../scripts/serve-web.mjs';
import type { PayPalStandIn } from '../../libs/paypal/src/stand-in/paypal-stand-in';
import type { RunningApi } from './api-process';

/** What global-teardown stops; jest runs both in the same process. */
export interface E2eStack {
  api?: RunningApi;
  paypal?: PayPalStandIn;
  webServers: StopWebServers[];
  /** The API's Redis and this run's key prefix there, emptied at teardown. */
  redis?: { url: string; keyPrefix: string };
}

declare global {
  var __FXRATES_E2E_STACKS__: E2eStack[] | undefined;
}
