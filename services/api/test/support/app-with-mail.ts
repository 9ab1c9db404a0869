import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { startSmtpSink, type SmtpSink } from '../../../worker/test/support/smtp-sink';
import { WorkerModule } from '../../../worker/src/worker.module';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';

export interface AppWithMail {
  t: TestApp;
  smtp: SmtpSink;
  worker: INestApplicationContext;
  close(): Promise<void>;
}

/**
 * The API and a real worker on the same configuration, mailing through an SMTP stand-in with links to
 * `webUrl`: the mail a user would get. The worker ingests nothing and flushes no usage meanwhile.
 */
export async function startAppWithMail(
  webUrl: string,
  env: Record<string, string> = {},
): Promise<AppWithMail> {
  const smtp = await startSmtpSink();
  const config = testConfig({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    WEB_URL: webUrl,
    EMAIL_RETRY_DELAY_MS: '200',
    RATES_INGEST_INTERVAL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: '600000',
    ...env,
  });
  const t = await startTestApp(config);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  return {
    t,
    smtp,
    worker,
    async close() {
      await worker.close();
      await t.close();
      await smtp.close();
    },
  };
}
