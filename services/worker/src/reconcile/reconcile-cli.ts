import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createLogger, loadConfigOrExit, PinoNestLogger } from '@fxrates/config';
import { ReconcileModule } from './reconcile.module';
import { SubscriptionReconciler } from './subscription-reconciler';

/** `npm run reconcile`: repairs drift between our subscriptions and PayPal; exit 1 if any failed. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(ReconcileModule.forRoot(config), {
    logger: new PinoNestLogger(createLogger('warn', 'reconcile')),
  });
  try {
    const summary = await app.get(SubscriptionReconciler).run(process.stdout);
    process.exitCode = summary.failed > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`Reconciliation failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
