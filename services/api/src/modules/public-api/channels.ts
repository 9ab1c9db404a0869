import type { AppConfig } from '@fxrates/config';
import { planChangedChannelName } from '@fxrates/queues';

/** Redis channel announcing a user id whose plan changed (the worker publishes on it too). */
export function planChangedChannel(config: AppConfig): string {
  return planChangedChannelName(config.redis.keyPrefix);
}
