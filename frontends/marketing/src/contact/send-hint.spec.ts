import { SEND_HINTS, sendBlockers } from './send-hint';

describe('sendBlockers', () => {
  it('is empty once consent is ticked and reCAPTCHA is ready', () => {
    expect(sendBlockers({ sending: false, consent: true, recaptcha: 'ready' })).toEqual([]);
  });

  it('names every reason the form cannot be sent yet', () => {
    expect(sendBlockers({ sending: false, consent: false, recaptcha: 'ready' })).toEqual([
      SEND_HINTS.consent,
    ]);
    expect(sendBlockers({ sending: false, consent: true, recaptcha: 'loading' })).toEqual([
      SEND_HINTS.recaptchaLoading,
    ]);
    expect(sendBlockers({ sending: false, consent: false, recaptcha: 'failed' })).toEqual([
      SEND_HINTS.consent,
      SEND_HINTS.recaptchaFailed,
    ]);
  });

  it('says only that it is sending while it is', () => {
    expect(sendBlockers({ sending: true, consent: true, recaptcha: 'ready' })).toEqual([SEND_HINTS.sending]);
  });

  it('quotes the consent label and starts the reCAPTCHA failure with the spec text', () => {
    expect(SEND_HINTS.consent).toBe('Tick "I agree to be contacted regarding my message" to send.');
    expect(SEND_HINTS.recaptchaFailed).toMatch(/^reCAPTCHA not loaded: /);
  });
});
