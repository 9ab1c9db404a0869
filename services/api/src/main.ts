import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@fxrates/config';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import { createApp } from './app.factory';
import { listen } from './listen';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'api');
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  const app = await createApp(config);
  await listen(app, config);
  // Not Nest's enableShutdownHooks: it ends the process by re-raising the signal, so a container
  // stopped as it should be exits 143, not 0. app.close() runs the same hooks (draining first).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app.close().then(
      () => process.exit(0),
      (error: Error) => {
        logger.error({ err: error }, 'API shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
