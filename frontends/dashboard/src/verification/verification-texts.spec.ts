import { ErrorCode } from '@fxrates/domain';
import { outcomeOfRefusal, VERIFICATION_TEXTS, verificationTokenOf } from './verification-texts';

describe('verificationTokenOf', () => {
  it("reads the token of the link's fragment", () => {
    expect(verificationTokenOf('#token=0f8b6c1e-2d3a.Hq2c3d_-aB')).toBe('0f8b6c1e-2d3a.Hq2c3d_-aB');
    expect(verificationTokenOf('token=abc&x=1')).toBe('abc');
  });

  it.each(['', '#', '#token=', '#token=%20', '#other=abc'])('finds none in %j', (hash) => {
    expect(verificationTokenOf(hash)).toBeNull();
  });
});

describe('outcomeOfRefusal', () => {
  it('counts a used link, or an address verified by another link, as verified', () => {
    expect(outcomeOfRefusal(ErrorCode.VerificationLinkUsed)).toBe('verified');
    expect(outcomeOfRefusal(ErrorCode.EmailAlreadyVerified)).toBe('verified');
  });

  it('offers a new link for one that cannot work', () => {
    expect(outcomeOfRefusal(ErrorCode.VerificationLinkExpired)).toBe('send-new-link');
    expect(outcomeOfRefusal(ErrorCode.VerificationLinkInvalid)).toBe('send-new-link');
    expect(outcomeOfRefusal(ErrorCode.ValidationFailed)).toBe('send-new-link');
  });

  it('offers to try the same link again after a fault or no answer', () => {
    expect(outcomeOfRefusal('internal-error')).toBe('retry');
    expect(outcomeOfRefusal('network-error')).toBe('retry');
    expect(outcomeOfRefusal(undefined)).toBe('retry');
  });
});

describe('VERIFICATION_TEXTS', () => {
  it('names the address the link went to', () => {
    expect(VERIFICATION_TEXTS.bannerBody('ada@example.test')).toContain(
      'We sent a link to ada@example.test.',
    );
  });
});
