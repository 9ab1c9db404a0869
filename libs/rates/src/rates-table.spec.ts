import { loadBundledSnapshot } from './bundled-snapshot';
import { tableFromJson, tableToJson } from './rates-table';

describe('a rates table in its JSON form', () => {
  const table = loadBundledSnapshot();

  it('keeps when it was stored, outside its version: the same rates stored again are the same table', () => {
    const stored = tableFromJson({ ...tableToJson(table), storedAt: 1_795_000_000_000 });
    expect(stored.storedAt).toBe(1_795_000_000_000);
    expect(stored.version).toBe(table.version);
    expect(tableFromJson({ ...tableToJson(table), storedAt: 1_795_000_009_999 }).version).toBe(table.version);
  });

  it.each([
    ['a string', 'yesterday'],
    ['not finite', Number.NaN],
    ['absent', undefined],
  ])('leaves out a stored time that is %s', (_what, storedAt) => {
    const json = { ...tableToJson(table), storedAt } as unknown as Parameters<typeof tableFromJson>[0];
    expect(tableFromJson(json).storedAt).toBeUndefined();
  });
});
