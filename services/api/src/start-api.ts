import { createLogger, stopTracing, type AppConfig } from '@fxrates/config';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import { createApp } from './app.factory';
import { listen } from './listen';

/** The API process once tracing (if any) runs: main.ts loads this module only then. */
export async function startApi(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel, 'api', undefined, { format: config.logFormat });
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  const app = await createApp(config);
  await listen(app, config);
  // Not Nest's enableShutdownHooks: it ends the process by re-raising the signal, so a container
  // stopped as it should be exits 143, not 0. app.close() runs the same hooks (draining first); the
  // last batch of spans is sent before the exit.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app
      .close()
      .then(stopTracing)
      .then(
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
