import { CONTACT_TEXTS } from '@fxrates/domain';
import type { RecaptchaState } from './use-recaptcha';

export const SEND_HINTS = {
  sending: 'Sending your message...',
  consent: `Tick "${CONTACT_TEXTS.consent}" to send.`,
  recaptchaLoading: 'Loading the spam check (reCAPTCHA): Send Message is enabled once it has loaded.',
  recaptchaFailed: `${CONTACT_TEXTS.recaptchaNotLoaded}: check your connection, or allow www.google.com in your content blocker, then reload the page.`,
} as const;

/**
 * Why "Send Message" is disabled (while sending, until consent is ticked, until reCAPTCHA
 * has loaded), each reason with what to do about it; empty when it can be sent.
 */
export function sendBlockers(state: {
  sending: boolean;
  consent: boolean;
  recaptcha: RecaptchaState;
}): string[] {
  if (state.sending) return [SEND_HINTS.sending];
  const blockers: string[] = [];
  if (!state.consent) blockers.push(SEND_HINTS.consent);
  if (state.recaptcha === 'loading') blockers.push(SEND_HINTS.recaptchaLoading);
  if (state.recaptcha === 'failed') blockers.push(SEND_HINTS.recaptchaFailed);
  return blockers;
}
