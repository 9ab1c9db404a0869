import { CHUNK_CHARS, csvField, csvRecord, exportChunks } from './export-rows';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['0.9174311927', '0.9174311927'],
    ['2024-03-15T15:00:00.000Z', '2024-03-15T15:00:00.000Z'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['"', '""""'],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('ends a record with CRLF, each field escaped', () => {
    expect(csvRecord(['a', 'b,c', 'd"e'])).toBe('a,"b,c","d""e"\r\n');
  });
});

describe('exportChunks', () => {
  const days = [
    {
      day: '2024-03-15',
      symbols: ['EUR', 'GBP'],
      rates: ['0.9174311927', '0.7804'],
      sources: [['ecb'], ['ecb']],
    },
    {
      day: '2024-07-01',
      symbols: ['EUR', 'BTC'],
      rates: ['0.93', '0.000016'],
      sources: [['ecb'], ['ecb', 'binance']],
    },
  ];

  it('writes a CSV header, then one row per day and symbol with its sources and close time (CET or CEST)', () => {
    expect([...exportChunks(days, { format: 'csv', base: 'USD', numbers: 'number' })].join('')).toBe(
      'date,base,symbol,rate,source,timestamp,stale,marketClosed\r\n' +
        '2024-03-15,USD,EUR,0.9174311927,ecb,2024-03-15T15:00:00.000Z,false,false\r\n' +
        '2024-03-15,USD,GBP,0.7804,ecb,2024-03-15T15:00:00.000Z,false,false\r\n' +
        '2024-07-01,USD,EUR,0.93,ecb,2024-07-01T14:00:00.000Z,false,false\r\n' +
        '2024-07-01,USD,BTC,0.000016,ecb binance,2024-07-01T14:00:00.000Z,false,false\r\n',
    );
  });

  it('writes one JSON object a line, the rate as a number or, with numbers=string, a string', () => {
    const lines = (numbers: 'number' | 'string') =>
      [...exportChunks(days, { format: 'ndjson', base: 'EUR', numbers })].join('').split('\n');
    const asNumbers = lines('number');
    expect(asNumbers.pop()).toBe('');
    expect(asNumbers[0]).toBe(
      '{"date":"2024-03-15","base":"EUR","symbol":"EUR","rate":0.9174311927,"source":["ecb"],' +
        '"timestamp":"2024-03-15T15:00:00.000Z","stale":false,"marketClosed":false}',
    );
    expect(asNumbers.map((line) => JSON.parse(line).rate)).toEqual([0.9174311927, 0.7804, 0.93, 0.000016]);
    expect(asNumbers.map((line) => JSON.parse(line).source)).toEqual([
      ['ecb'],
      ['ecb'],
      ['ecb'],
      ['ecb', 'binance'],
    ]);
    expect(
      lines('string')
        .filter(Boolean)
        .map((line) => JSON.parse(line).rate),
    ).toEqual(['0.9174311927', '0.7804', '0.93', '0.000016']);
  });

  it('gives the text in chunks of about CHUNK_CHARS, none empty, as the rows are read', () => {
    let read = 0;
    function* many() {
      for (let i = 0; i < 2_000; i++) {
        read++;
        yield {
          day: '2024-03-15',
          symbols: ['EUR', 'GBP', 'JPY'],
          rates: ['0.9174311927', '0.7804', '151.2'],
          sources: [['ecb'], ['ecb'], ['ecb']],
        };
      }
    }
    const chunks = exportChunks(many(), { format: 'csv', base: 'USD', numbers: 'number' });
    const first = chunks.next();
    expect(first.done).toBe(false);
    expect(read).toBeLessThan(2_000);
    const rest = [...chunks];
    expect(read).toBe(2_000);
    const all = [first.value as string, ...rest];
    expect(all.length).toBeGreaterThan(5);
    for (const chunk of all.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(CHUNK_CHARS);
      expect(chunk.length).toBeLessThan(CHUNK_CHARS + 200);
    }
    expect(all.join('').split('\r\n').length).toBe(2_000 * 3 + 2);
  });
});
