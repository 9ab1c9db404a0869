import type { ComboboxParsedItem } from '@mantine/core';
import { currencyMatchRank, currencyOptionsFilter } from './currency-search';

const option = (code: string, name: string) => ({ value: code, label: `${code} - ${name}` });

const fiat = {
  group: 'Fiat currencies',
  items: [
    option('EGP', 'Egyptian Pound'),
    option('EUR', 'Euro'),
    option('GBP', 'British Pound'),
    option('GIP', 'Gibraltar Pound'),
    option('JPY', 'Japanese Yen'),
  ],
};
const crypto = { group: 'Crypto', items: [option('BTC', 'Bitcoin')] };

const labels = (items: ComboboxParsedItem[]) =>
  items.flatMap((item) => ('group' in item ? item.items.map((i) => i.label) : [item.label]));

describe('currencyMatchRank', () => {
  it('ranks the code, then a code prefix, then the name, then any part of the label', () => {
    expect(currencyMatchRank('GBP - British Pound', 'gbp')).toBe(5);
    expect(currencyMatchRank('GBP - British Pound', ' GB ')).toBe(4);
    expect(currencyMatchRank('GBP - British Pound', 'brit')).toBe(3);
    expect(currencyMatchRank('GBP - British Pound', 'pound')).toBe(2);
    expect(currencyMatchRank('GBP - British Pound', 'tish')).toBe(1);
    expect(currencyMatchRank('GBP - British Pound', 'euro')).toBe(0);
  });

  it('matches everything when nothing is typed', () => {
    expect(currencyMatchRank('EUR - Euro', '  ')).toBe(1);
  });
});

describe('currencyOptionsFilter', () => {
  it('keeps what matches, the code first, and leaves empty groups out', () => {
    expect(
      labels(currencyOptionsFilter({ options: [fiat, crypto], search: 'GBP', limit: Infinity })),
    ).toEqual(['GBP - British Pound']);
    const pounds = currencyOptionsFilter({ options: [fiat, crypto], search: 'pound', limit: Infinity });
    expect(pounds).toEqual([
      { group: 'Fiat currencies', items: [fiat.items[0], fiat.items[2], fiat.items[3]] },
    ]);
    expect(labels(currencyOptionsFilter({ options: [fiat], search: 'e', limit: Infinity }))[0]).toBe(
      'EGP - Egyptian Pound',
    );
  });

  it('puts a typed code ahead of names that merely contain it', () => {
    const options = [{ group: 'All', items: [option('ABC', 'Has eur inside'), option('EUR', 'Euro')] }];
    expect(labels(currencyOptionsFilter({ options, search: 'eur', limit: Infinity }))).toEqual([
      'EUR - Euro',
      'ABC - Has eur inside',
    ]);
  });

  it('offers nothing when nothing matches', () => {
    expect(currencyOptionsFilter({ options: [fiat, crypto], search: 'zzz', limit: Infinity })).toEqual([]);
  });
});
