import { randomBytes } from 'node:crypto';
import {
  startSiteverifyStandIn,
  type SiteverifyStandIn,
} from '../../../services/api/test/support/siteverify-stand-in';
import { startSmtpSink, type SmtpSink } from '../../../services/worker/test/support/smtp-sink';

/** The outside services the soak's contact messages go through: reCAPTCHA and an SMTP server. */
export interface SoakStandIns {
  siteverify: SiteverifyStandIn;
  smtp: SmtpSink;
  /** The cluster's environment pointing at them. */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startSoakStandIns(): Promise<SoakStandIns> {
  const secret = randomBytes(16).toString('hex');
  const siteverify = await startSiteverifyStandIn(secret);
  const smtp = await startSmtpSink();
  return {
    siteverify,
    smtp,
    env: {
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    },
    close: async () => {
      await Promise.allSettled([siteverify.close(), smtp.close()]);
    },
  };
}
