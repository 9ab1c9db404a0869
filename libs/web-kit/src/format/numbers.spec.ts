import { formatCount, groupThousands } from './numbers';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-25000)).toBe('-25,000');
  });
});

describe('groupThousands', () => {
  it('groups the whole part of a decimal string and keeps every decimal', () => {
    expect(groupThousands('1234567.89')).toBe('1,234,567.89');
    expect(groupThousands('1234567.89000000')).toBe('1,234,567.89000000');
    expect(groupThousands('100.0000')).toBe('100.0000');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('123456789012345.6789')).toBe('123,456,789,012,345.6789');
    expect(groupThousands('0.00001234')).toBe('0.00001234');
  });

  it('leaves anything else as it is', () => {
    expect(groupThousands('1e21')).toBe('1e21');
    expect(groupThousands('')).toBe('');
  });
});
