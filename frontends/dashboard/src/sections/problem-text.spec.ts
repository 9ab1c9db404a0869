import { ApiError, parseProblem } from '@fxrates/web-kit';
import { problemText } from './problem-text';

const refused = (body: Record<string, unknown>, status = 422) =>
  new ApiError({ status, code: String(body.code), message: 'refused', problem: parseProblem(body, status) });

describe('the text of a failed call', () => {
  it("is the problem's detail first, else its message, else the fallback", () => {
    expect(
      problemText(
        refused({
          code: 'webhook-url-refused',
          title: 'Refused',
          message: 'Invalid URL',
          detail: 'The URL must use https.',
        }),
        'Try again.',
      ),
    ).toBe('The URL must use https.');
    expect(
      problemText(refused({ code: 'limit-reached', message: 'Your plan allows 3 endpoints.' }), 'Try again.'),
    ).toBe('Your plan allows 3 endpoints.');
    expect(
      problemText(new ApiError({ status: 0, code: 'network-error', message: 'offline' }), 'Try again.'),
    ).toBe('Try again.');
    expect(problemText(new Error('boom'), 'Try again.')).toBe('Try again.');
  });
});
