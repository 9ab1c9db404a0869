import 'reflect-metadata';
import { loadConfigOrExit, startTracing } from '@fxrates/config';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // Before the worker is loaded: the instrumentations patch pg and ioredis as they are required.
  await startTracing(config.tracing, 'fxrates-worker');
  const { startWorker } = await import('./start-worker');
  await startWorker(config);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`Worker failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
