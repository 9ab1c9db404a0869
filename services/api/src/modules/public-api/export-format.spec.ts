import { AppException } from '../../common/errors';
import { exportFormatOf } from './export-format';

describe('exportFormatOf', () => {
  const accept = (value?: string) => exportFormatOf({}, value === undefined ? {} : { accept: value });

  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['application/json, text/plain, */*', 'json'],
    ['text/csv', 'csv'],
    ['text/*', 'csv'],
    ['text/csv;q=0.5, application/x-ndjson', 'ndjson'],
    ['application/ndjson', 'ndjson'],
    ['application/json;q=0.1, text/csv;q=0.9', 'csv'],
    ['text/html, */*;q=0.8', 'json'],
  ])('Accept %j → %s', (value, format) => {
    expect(accept(value)).toBe(format);
  });

  it.each(['application/xml', 'text/html', 'application/json;q=0, text/csv;q=0, application/*;q=0'])(
    'refuses Accept %j with 406 not-acceptable',
    (value) => {
      let thrown: unknown;
      try {
        accept(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppException);
      expect(thrown).toMatchObject({ code: 'not-acceptable', status: 406 });
    },
  );

  it('lets format= win over Accept, and refuses a format it does not know with 400', () => {
    expect(exportFormatOf({ format: 'csv' }, { accept: 'application/xml' })).toBe('csv');
    expect(exportFormatOf({ format: 'json' }, { accept: 'text/csv' })).toBe('json');
    expect(() => exportFormatOf({ format: 'xlsx' }, {})).toThrow(
      /"format" must be "json" or "csv" or "ndjson"/,
    );
  });
});
