import type { CurrencySource, CurrencyType } from '@fxrates/domain';

/** A type chosen in the status page's filter, or every type. */
export type CurrencyTypeFilter = 'all' | CurrencyType;

const TYPE_LABELS: Record<CurrencyType, string> = { fiat: 'Fiat', crypto: 'Crypto', metal: 'Metals' };
const TYPE_ORDER: readonly CurrencyType[] = ['fiat', 'crypto', 'metal'];

/** Lower case without accents: "São Tomé" is found by "sao tome", "Real" by "REAL". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The currencies of the chosen type where every word of `query` is in the code or begins a word of the
 * name ("usd", "us dollar"; "us" is not found in "Australian"), in the answer's order. An empty query
 * keeps them all.
 */
export function filterCurrencies(
  currencies: readonly CurrencySource[],
  query: string,
  type: CurrencyTypeFilter,
): CurrencySource[] {
  const words = folded(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return currencies.filter((currency) => {
    if (type !== 'all' && currency.type !== type) return false;
    if (words.length === 0) return true;
    const code = currency.code.toLowerCase();
    const nameWords = folded(currency.name).split(/[^\p{L}\p{N}]+/u);
    return words.every((word) => code.includes(word) || nameWords.some((w) => w.startsWith(word)));
  });
}

/** The type filter's choices: every type present in the answer (metals once the catalogue has them). */
export function typeFilters(
  currencies: readonly CurrencySource[],
): { value: CurrencyTypeFilter; label: string }[] {
  const present = new Set(currencies.map((c) => c.type));
  return [
    { value: 'all', label: 'All' },
    ...TYPE_ORDER.filter((type) => present.has(type)).map((type) => ({
      value: type,
      label: TYPE_LABELS[type],
    })),
  ];
}
