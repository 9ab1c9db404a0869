import { EcbHistoryFormatError, EcbHistoryParser, type EcbHistoryDay } from './ecb-history';

function parse(text: string, skipped: string[] = []): EcbHistoryDay[] {
  const parser = new EcbHistoryParser((day, reason) => skipped.push(`${day}: ${reason}`));
  return text
    .split('\n')
    .map((line) => parser.line(line))
    .filter((day): day is EcbHistoryDay => day !== null);
}

const asStrings = (day: EcbHistoryDay) =>
  Object.fromEntries([...day.perUsd].map(([code, rate]) => [code, rate.toString()]));

describe('EcbHistoryParser', () => {
  it('re-bases each EUR-based day on USD, leaving out what was not quoted', () => {
    const days = parse('Date,USD,JPY,GBP,CYP,\n2026-04-13,1.25,150.5,0.8,N/A,\n2026-04-10,2,N/A,1,N/A,\n');
    expect(days.map((d) => d.day)).toEqual(['2026-04-13', '2026-04-10']);
    expect(asStrings(days[0])).toEqual({ EUR: '0.8', JPY: '120.4', GBP: '0.64' });
    expect(asStrings(days[1])).toEqual({ EUR: '0.5', GBP: '0.5' });
  });

  it('keeps 20 significant digits of a rate that does not divide evenly', () => {
    const [day] = parse('Date,USD,JPY\n2026-04-13,1.1684,186.75');
    expect(day.perUsd.get('JPY')!.toString()).toBe('159.83396097226977063');
    expect(day.perUsd.get('EUR')!.toString()).toBe('0.85587127695994522424');
  });

  it('skips a day without a USD rate, and says so', () => {
    const skipped: string[] = [];
    expect(parse('Date,USD,GBP\n2001-01-02,N/A,0.6\n2001-01-03,0.9,0.6', skipped)).toHaveLength(1);
    expect(skipped).toEqual(['2001-01-02: no USD rate']);
  });

  it.each([
    ['Day,USD\n', 1, 'the header must start with "Date"'],
    ['Date,GBP\n', 1, 'there is no USD column'],
    ['Date,USD,gbp\n', 1, '"gbp" is not a currency code'],
    ['Date,USD\n13/04/2026,1.1\n', 2, '"13/04/2026" is not a date'],
    ['Date,USD,GBP\n2026-04-13,1.1,-0.8\n', 2, 'GBP rate "-0.8" is not a positive number'],
    ['Date,USD,GBP\n2026-04-13,1.1,0\n', 2, 'GBP rate "0" is not a positive number'],
    ['Date,USD,GBP\n2026-04-13,1.1,abc\n', 2, 'GBP rate "abc" is not a positive number'],
  ])('refuses %j at line %i: %s', (text, line, problem) => {
    expect(() => parse(text)).toThrow(new EcbHistoryFormatError(line, problem));
  });
});
