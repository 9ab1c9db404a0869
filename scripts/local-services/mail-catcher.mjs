// MailDev catches the mail the worker sends in development: SMTP on SMTP_URL's port, a web page to read it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntilReachable } from './reachable.mjs';
import { spawnService } from './service-process.mjs';

/** Starts MailDev; returns its stop() and the address of its web page. */
export async function startMailCatcher({ host, smtpPort, webPort, mailDir }) {
  // Its package exports no bin path: the bin sits beside its entry (dist/index.js).
  const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin/maildev.js');
  const service = spawnService('mail', process.execPath, [
    bin,
    ...['--smtp', String(smtpPort), '--ip', host],
    ...['--web', String(webPort), '--web-ip', host],
    // Kept across restarts, in the checkout rather than the machine's shared temporary directory.
    ...['--mail-directory', mailDir],
  ]);
  await waitUntilReachable(host, webPort, 30_000, 'MailDev');
  await waitUntilReachable(host, smtpPort, 30_000, 'MailDev (SMTP)');
  return { ...service, webUrl: `http://localhost:${webPort}` };
}
