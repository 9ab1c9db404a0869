import 'reflect-metadata';
import { loadConfigOrExit } from '@fxrates/config';
import { createApp } from './app.factory';
import { listen } from './listen';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  await listen(await createApp(config), config);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
