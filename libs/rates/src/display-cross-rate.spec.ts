import Decimal from 'decimal.js';
import { displayRate } from './cross-rate';
import { RateDecimal } from './decimal';
import { displayCrossRate, fastDisplayCrossRate } from './display-cross-rate';

/** What displayCrossRate must equal, for every input: the decimal.js expression the history API used. */
const reference = (to: string, from: string) =>
  displayRate(new RateDecimal(to).div(new RateDecimal(from))).toString();

/** Exact arithmetic to construct cases (products of short texts never reach 200 digits), printed plain. */
const Exact = Decimal.clone({ precision: 200, toExpNeg: -9e15, toExpPos: 9e15 });
const text = (value: Decimal) => value.toFixed();

/** Seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const integer = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** `count` random digits, the first not zero. */
function digits(random: () => number, count: number): string {
  let result = String(integer(random, 1, 9));
  for (let i = 1; i < count; i++) result += String(integer(random, 0, 9));
  return result;
}

/**
 * A positive numeric as PostgreSQL prints it: `significant` digits, the first at 10^exponent, and
 * `trailingZeros` more zeros after the last (a column's scale does that: "0.917345000").
 */
function numericText(random: () => number, significant: number, exponent: number, trailingZeros = 0): string {
  const head = digits(random, significant);
  const zeros = '0'.repeat(trailingZeros);
  if (exponent < 0) return `0.${'0'.repeat(-exponent - 1)}${head}${zeros}`;
  if (exponent >= significant - 1) {
    return `${head}${'0'.repeat(exponent - significant + 1)}${zeros ? `.${zeros}` : ''}`;
  }
  return `${head.slice(0, exponent + 1)}.${head.slice(exponent + 1)}${zeros}`;
}

/** Pairs where displayCrossRate (or the fast path, when it answers) differs from the reference. */
function mismatches(pairs: [string, string][]): string[] {
  const found: string[] = [];
  for (const [to, from] of pairs) {
    const expected = reference(to, from);
    const fast = fastDisplayCrossRate(to, from);
    const actual = displayCrossRate(to, from);
    if (actual !== expected || (fast !== undefined && fast !== expected)) {
      found.push(`${to} / ${from}: expected ${expected}, got ${actual} (fast ${fast})`);
    }
  }
  return found;
}
const accepted = (pairs: [string, string][]) =>
  pairs.filter(([to, from]) => fastDisplayCrossRate(to, from) !== undefined).length;

/** A 10-digit value followed by a 5: exactly half-way, where half-even rounding decides. */
function tie(random: () => number, exponent: number): Decimal {
  return new Exact(`${digits(random, 10)}5e${exponent - 10}`);
}
/** A short random `from` (1–8 digits, 1e-8 … 1e7). */
const shortFrom = (random: () => number) =>
  numericText(random, integer(random, 1, 8), integer(random, -8, 7));

describe('displayCrossRate', () => {
  it('prints what the decimal.js expression prints, in plain notation without trailing zeros', () => {
    const cases: [string, string, string][] = [
      ['0.917345', '1', '0.917345'],
      ['149.2345', '0.917345', '162.6808889'],
      ['0.0000105263157894736842', '1', '0.00001052631579'],
      ['1234567890', '1', '1234567890'],
      ['150000000000', '1', '150000000000'],
      ['0.5', '1', '0.5'],
      ['1', '1', '1'],
      ['1', '3', '0.3333333333'],
      ['25000', '0.0000105263157894736842', '2375000000'],
      // Ties at the 10th digit, half-even: to the even neighbour.
      ['1.00000000050', '1', '1'],
      ['1.00000000150', '1', '1.000000002'],
      ['3.7037036715', '3', '1.23456789'],
      ['3.7037036745', '3', '1.234567892'],
      // Rounding up into the next power of ten.
      ['9.9999999995', '1', '10'],
      ['9.99999999951', '1', '10'],
      ['9.99999999949', '1', '9.999999999'],
      ['0.99999999996', '1', '1'],
      ['99999999995000', '0.001', '100000000000000000'],
    ];
    for (const [to, from, expected] of cases) {
      expect([to, from, reference(to, from)]).toEqual([to, from, expected]);
      expect([to, from, displayCrossRate(to, from)]).toEqual([to, from, expected]);
    }
  });

  it('equals the decimal.js expression on 200 000 seeded random pairs of realistic rates', () => {
    const random = seeded(20260929);
    const pairs: [string, string][] = [];
    for (let i = 0; i < 200_000; i++) {
      const zeros = () => (random() < 0.2 ? integer(random, 1, 6) : 0);
      const to = numericText(random, integer(random, 4, 20), integer(random, -8, 7), zeros());
      const from =
        random() < 0.1 ? '1' : numericText(random, integer(random, 4, 20), integer(random, -8, 7), zeros());
      pairs.push([to, from]);
    }
    expect(mismatches(pairs)).toEqual([]);
    // The fast path declines only within 1e-4 of a tie (short texts make some exact ties): under 0.1%.
    expect(accepted(pairs)).toBeGreaterThan(pairs.length * 0.999);
  }, 60_000);

  it('equals it on quotients across the whole fast range (1e-20 … 1e30) and beyond', () => {
    const random = seeded(7);
    const pairs: [string, string][] = [];
    for (let i = 0; i < 20_000; i++) {
      pairs.push([
        numericText(random, integer(random, 1, 20), integer(random, -25, 20)),
        numericText(random, integer(random, 1, 20), integer(random, -20, 20)),
      ]);
    }
    expect(mismatches(pairs)).toEqual([]);
  }, 60_000);

  it('equals it on exact ties at the 10th digit, which the fast path leaves to decimal.js', () => {
    const random = seeded(11);
    const pairs: [string, string][] = [];
    for (let i = 0; i < 2000; i++) {
      const quotient = tie(random, integer(random, -15, 15));
      const from = i % 4 === 0 ? '1' : shortFrom(random);
      pairs.push([text(quotient.times(from)), from]);
    }
    expect(mismatches(pairs)).toEqual([]);
    expect(accepted(pairs)).toBe(0);
  });

  it('equals it a hair above and below ties, declining within the margin and answering outside it', () => {
    const random = seeded(13);
    const within: [string, string][] = [];
    const outside: [string, string][] = [];
    for (let i = 0; i < 500; i++) {
      const quotient = tie(random, integer(random, -12, 12));
      const from = i % 2 === 0 ? '1' : shortFrom(random);
      const sign = i % 4 < 2 ? 1 : -1;
      // Relative offsets; the 10th digit's unit is 1e-9…1e-10 of the value, the margin 1e-4 of that unit.
      for (const relative of ['1e-15', '1e-18', '1e-25', '1e-38', '1e-41', '1e-45']) {
        within.push([text(quotient.times(new Exact(relative).times(sign).plus(1)).times(from)), from]);
      }
      for (const relative of ['1e-11', '1e-12', '5e-13']) {
        outside.push([text(quotient.times(new Exact(relative).times(sign).plus(1)).times(from)), from]);
      }
    }
    expect(mismatches(within)).toEqual([]);
    expect(mismatches(outside)).toEqual([]);
    expect(accepted(within)).toBe(0);
    expect(accepted(outside)).toBe(outside.length);
  });

  it('declines and answers on either side of the margin, in units of the 10th digit', () => {
    const random = seeded(17);
    const cases: { pair: [string, string]; fast: boolean }[] = [];
    for (let i = 0; i < 300; i++) {
      const exponent = integer(random, -10, 10);
      const from = i % 3 === 0 ? '1' : shortFrom(random);
      const halfWay = tie(random, exponent);
      const unit = new Exact(10).pow(exponent - 9);
      for (const [offset, fast] of [
        ['0.01', true],
        ['0.001', true],
        ['0.0002', true],
        ['0.00005', false],
        ['0.00001', false],
        ['0.0000001', false],
      ] as const) {
        for (const sign of [1, -1]) {
          const quotient = halfWay.plus(unit.times(offset).times(sign));
          cases.push({ pair: [text(quotient.times(from)), from], fast });
        }
      }
    }
    expect(mismatches(cases.map((c) => c.pair))).toEqual([]);
    const wrong = cases.filter((c) => (fastDisplayCrossRate(...c.pair) !== undefined) !== c.fast);
    expect(wrong).toEqual([]);
  });

  it('equals it where the quotient rounds to, or sits at, a power of ten', () => {
    const random = seeded(19);
    const pairs: [string, string][] = [];
    for (let exponent = -20; exponent <= 30; exponent++) {
      const power = new Exact(10).pow(exponent);
      const from = shortFrom(random);
      for (const mantissa of [
        '9.9999999995', // a tie, 9 is odd: up to the power of ten
        '9.99999999950000000000000000000000000000001',
        '9.99999999949999999999999999999999999999999',
        '9.99999999951',
        '9.99999999949',
        '9.9999999999',
        '9.99999999999999999999',
        '1',
        '1.00000000000000000001',
        '1.0000000005', // a tie, 0 is even: down to the power of ten
        '1.00000000049',
        '1.00000000051',
      ]) {
        const quotient = power.times(mantissa);
        pairs.push([text(quotient), '1'], [text(quotient.times(from)), from]);
      }
      pairs.push([text(power.times(from)), from], [text(power), text(new Exact(1).div(power))]);
    }
    expect(mismatches(pairs)).toEqual([]);
  });

  it('equals it on long inputs: up to 40 digits over "1", and 25 to 60 digits on both sides', () => {
    const random = seeded(23);
    const pairs: [string, string][] = [];
    for (let i = 0; i < 5000; i++) {
      pairs.push([numericText(random, integer(random, 15, 40), integer(random, -8, 7)), '1']);
      pairs.push([
        numericText(random, integer(random, 25, 60), integer(random, -8, 7)),
        numericText(random, integer(random, 25, 60), integer(random, -8, 7)),
      ]);
    }
    expect(mismatches(pairs)).toEqual([]);
    expect(accepted(pairs)).toBeGreaterThan(pairs.length * 0.999);
  });

  it('leaves what it cannot prove to decimal.js, whose answer (or error) it then gives', () => {
    const unusual: [string, string][] = [
      ['0', '1'],
      ['0.000', '1'],
      ['1', '0'],
      ['1e5', '1'],
      ['1', '2E-3'],
      [' 1', '1'],
      ['1', '1 '],
      ['', '1'],
      ['-2', '1'],
      ['+2', '1'],
      ['Infinity', '1'],
      ['NaN', '1'],
      ['0x10', '1'],
      ['1', 'abc'],
      ['0.0000000000000000000000001', '1'], // 1e-25: below the fast range, still plain
      ['0.0000000000000000000000000000001', '1'], // 1e-31: exponent notation
      ['1', `1${'0'.repeat(35)}`],
      [`1${'0'.repeat(35)}`, '1'], // 1e35: plain up to toExpPos 40
      [`1${'0'.repeat(45)}`, '1'], // 1e45: exponent notation
      [`0.${'0'.repeat(400)}1`, '1'], // below float64
      [`1${'0'.repeat(400)}`, '3'], // above float64
    ];
    for (const [to, from] of unusual) {
      expect([to, from, fastDisplayCrossRate(to, from)]).toEqual([to, from, undefined]);
      let expected: string | Error;
      try {
        expected = reference(to, from);
      } catch (error) {
        expected = error as Error;
      }
      if (expected instanceof Error) expect(() => displayCrossRate(to, from)).toThrow(expected.message);
      else expect([to, from, displayCrossRate(to, from)]).toEqual([to, from, expected]);
    }
  });

  it('answers on its own for ordinary rates', () => {
    const ordinary: [string, string][] = [
      ['0.917345', '1'],
      ['149.2345', '1'],
      ['149.2345', '0.917345'],
      ['0.0000105263157894736842', '1'],
      ['1', '0.0000105263157894736842'],
      ['25000', '1'],
      ['1', '1'],
      ['1', '3'],
      ['0.0000105263157894736842', '36512345.67'], // BTC per VES style: ~3e-13, two scalings
      ['36512345.67', '0.0000105263157894736842'],
    ];
    for (const [to, from] of ordinary) {
      expect([to, from, fastDisplayCrossRate(to, from)]).toEqual([to, from, reference(to, from)]);
    }
  });
});
