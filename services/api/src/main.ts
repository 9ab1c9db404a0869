import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@fxrates/config';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import { createApp } from './app.factory';
import { listen } from './listen';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'api', undefined, config.logFormat);
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  await listen(await createApp(config), config);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
