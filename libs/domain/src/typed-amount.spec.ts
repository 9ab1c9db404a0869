import fc from 'fast-check';
import { parseTypedAmount, TYPED_AMOUNT_MESSAGES } from './typed-amount';

describe('parseTypedAmount', () => {
  it.each([
    ['1', '1'],
    ['  42  ', '42'],
    ['1000', '1000'],
    ['1,000', '1000'],
    ['1,000.50', '1000.50'],
    ['12,345,678.9', '12345678.9'],
    ['1.5', '1.5'],
    ['1.000', '1.000'],
    ['.5', '0.5'],
    ['2.', '2'],
    ['0', '0'],
    ['007.10', '7.10'],
    ['0.00000001', '0.00000001'],
    ['1,000,000,000,000,000', '1000000000000000'],
    ['1000000000000000.00', '1000000000000000.00'],
  ])('reads %j as %s', (typed, decimal) => {
    expect(parseTypedAmount(typed)).toEqual({ ok: true, decimal });
  });

  it.each([
    '1,5',
    '1.000,50',
    '10,00',
    '1,0000',
    ',5',
    '1,',
    '1.000.000',
    '1000,000',
    '1,000,00',
    '1,000.5.0',
  ])('refuses %j as ambiguous, saying how to type it', (typed) => {
    expect(parseTypedAmount(typed)).toEqual({
      ok: false,
      reason: 'ambiguous',
      message: `"${typed}" is ambiguous. Use a dot for decimals and commas only between groups of three digits, e.g. 1,000.50.`,
    });
  });

  it.each([
    ['-5', TYPED_AMOUNT_MESSAGES.negative],
    ['−5', TYPED_AMOUNT_MESSAGES.negative],
    ['1 000', TYPED_AMOUNT_MESSAGES.spaces],
    ['abc', TYPED_AMOUNT_MESSAGES.notANumber],
    ['1e3', TYPED_AMOUNT_MESSAGES.notANumber],
    ['$100', TYPED_AMOUNT_MESSAGES.notANumber],
    ['.', TYPED_AMOUNT_MESSAGES.notANumber],
    [',', TYPED_AMOUNT_MESSAGES.notANumber],
    ['0.123456789', TYPED_AMOUNT_MESSAGES.tooManyDecimals],
    ['1000000000000000.01', TYPED_AMOUNT_MESSAGES.tooLarge],
    ['1,000,000,000,000,001', TYPED_AMOUNT_MESSAGES.tooLarge],
    ['99999999999999999', TYPED_AMOUNT_MESSAGES.tooLarge],
  ])('refuses %j as invalid: %s', (typed, message) => {
    expect(parseTypedAmount(typed)).toEqual({ ok: false, reason: 'invalid', message });
  });

  it('says an empty field needs an amount', () => {
    expect(parseTypedAmount('   ')).toEqual({
      ok: false,
      reason: 'empty',
      message: 'Type an amount, e.g. 1,000.50.',
    });
  });

  it('reads every amount written with en-US grouping as the number written', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 99_999_999 }),
        (whole, cents) => {
          const fraction = String(cents).padStart(8, '0');
          const typed = `${whole.toLocaleString('en-US')}.${fraction}`;
          expect(parseTypedAmount(typed)).toEqual({ ok: true, decimal: `${whole}.${fraction}` });
        },
      ),
    );
  });

  it('only ever answers a plain decimal: never a comma, never two dots', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d.,]{1,12}$/), (typed) => {
        const amount = parseTypedAmount(typed);
        if (amount.ok) expect(amount.decimal).toMatch(/^\d+(\.\d+)?$/);
      }),
    );
  });
});
