import type { AppConfig } from '@fxrates/config';

/** Redis channel announcing a user id whose plan changed. */
export function planChangedChannel(config: AppConfig): string {
  return `${config.redis.keyPrefix}plans:changed`;
}
