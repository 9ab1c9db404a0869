import 'reflect-metadata';
import { loadConfigOrExit } from '@fxrates/config';
import { createApp } from './app.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.api.port, config.api.host);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
