import { ErrorCode, type AccountExport } from '@fxrates/domain';
import { ApiError } from '@fxrates/web-kit';
import {
  ACCOUNT_DATA_API,
  ACCOUNT_DATA_TEXTS,
  ACCOUNT_DELETED_HOME,
  deleteRefusal,
  exportFileName,
  exportFileText,
} from './account-data';

function refusal(status: number, code: string, message: string): ApiError {
  return new ApiError({
    status,
    code,
    message,
    problem: { type: 'about:blank', title: '', status, code, message },
  });
}

describe('exporting the account data', () => {
  it('names the file by the day it was taken, as the API does', () => {
    expect(exportFileName('2026-11-29T23:59:59.000Z')).toBe('fxrates-export-2026-11-29.json');
  });

  it('writes the answer as indented JSON that reads back the same', () => {
    const data = {
      format: 'fxrates-account-export/1',
      profile: { email: 'ada@example.test' },
    } as unknown as AccountExport;
    const text = exportFileText(data);
    expect(JSON.parse(text)).toEqual(data);
    expect(text).toContain('\n  "profile": {');
  });

  it('calls the API below its base URL', () => {
    expect(ACCOUNT_DATA_API).toEqual({ export: '/account/export', delete: '/account' });
    expect(ACCOUNT_DELETED_HOME).toBe('/?account=deleted');
  });
});

describe('deleteRefusal', () => {
  it("shows a wrong password under the password field, in the API's words or ours", () => {
    expect(
      deleteRefusal(refusal(400, ErrorCode.WrongCurrentPassword, 'Your current password is not correct.')),
    ).toEqual({
      field: 'password',
      message: 'Your current password is not correct.',
      needsCode: false,
    });
    expect(deleteRefusal(refusal(400, ErrorCode.WrongCurrentPassword, '')).message).toBe(
      ACCOUNT_DATA_TEXTS.wrongPassword,
    );
  });

  it.each([ErrorCode.SecondFactorRequired, ErrorCode.WrongTwoFactorCode])(
    'asks for the second factor under its field when the API answers %s',
    (code) => {
      expect(deleteRefusal(refusal(400, code, 'Enter a code.'))).toEqual({
        field: 'code',
        message: 'Enter a code.',
        needsCode: true,
      });
    },
  );

  it('shows a throttle or PayPal being down above the form, in the API\u2019s words', () => {
    const paypal = refusal(
      502,
      ErrorCode.PaymentProviderUnavailable,
      'We could not reach PayPal. Nothing was changed; try again in a minute.',
    );
    expect(deleteRefusal(paypal)).toEqual({ field: null, message: paypal.serverMessage, needsCode: false });
    expect(deleteRefusal(refusal(429, ErrorCode.TooManyAttempts, 'Wait 5 minutes.')).message).toBe(
      'Wait 5 minutes.',
    );
  });

  it('says "try again" for a fault or no answer', () => {
    expect(deleteRefusal(new Error('boom')).message).toBe(ACCOUNT_DATA_TEXTS.deleteFailed);
    expect(deleteRefusal(refusal(500, ErrorCode.InternalError, 'Something failed')).message).toBe(
      ACCOUNT_DATA_TEXTS.deleteFailed,
    );
  });
});
