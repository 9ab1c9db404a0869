import 'reflect-metadata';
import { loadConfigOrExit, startTracing } from '@fxrates/config';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // Before the app is loaded: the instrumentations patch Fastify, pg and ioredis as they are required.
  await startTracing(config.tracing, 'fxrates-api');
  const { startApi } = await import('./start-api');
  await startApi(config);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
