import { createLogger, type AppConfig } from '@fxrates/config';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import { createApp } from './app.factory';
import { listen } from './listen';

/** The API process once tracing (if any) runs: main.ts loads this module only then. */
export async function startApi(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel, 'api', undefined, { format: config.logFormat });
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  await listen(await createApp(config), config);
}
