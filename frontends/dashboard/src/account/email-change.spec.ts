import { ApiError } from '@fxrates/web-kit';
import { confirmRefusalOf } from './email-change';

const refusal = (code: string, status: number) => new ApiError({ status, code, message: code });

describe('the confirm page of a change of email', () => {
  it('sends a refused link back to the account page, and offers the same link again after a fault', () => {
    for (const [code, status] of [
      ['email-change-link-invalid', 400],
      ['email-change-link-used', 410],
      ['email-change-link-expired', 410],
      ['email-already-in-use', 409],
    ] as const) {
      expect(confirmRefusalOf(refusal(code, status))).toBe('ask-again');
    }
    expect(confirmRefusalOf(refusal('service-unavailable', 503))).toBe('retry');
    expect(confirmRefusalOf(refusal('network-error', 0))).toBe('retry');
    expect(confirmRefusalOf(new Error('boom'))).toBe('retry');
  });
});
