import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/**
 * How well a picker option ("{code} - {name}") answers what was typed, 0 for not at all: the code
 * itself first, then codes that start with it, names with a word that starts with it, and last
 * anything that contains it. Case and surrounding spaces do not count.
 */
export function currencyMatchRank(label: string, typed: string): number {
  const query = typed.trim().toLowerCase();
  if (query === '') return 1;
  const text = label.toLowerCase();
  const [code = '', name = ''] = text.split(' - ', 2);
  if (code === query) return 5;
  if (code.startsWith(query)) return 4;
  if (name.startsWith(query)) return 3;
  if (name.split(/[\s()/-]+/).some((word) => word.startsWith(query))) return 2;
  return text.includes(query) ? 1 : 0;
}

/** The options that match, best first within each group; groups left empty are left out. */
export const currencyOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const ranked = (items: ComboboxItem[]) =>
    items
      .map((item, index) => ({ item, index, rank: currencyMatchRank(item.label, search) }))
      .filter(({ rank }) => rank > 0)
      .sort((a, b) => b.rank - a.rank || a.index - b.index)
      .map(({ item }) => item)
      .slice(0, limit);
  const result: ComboboxParsedItem[] = [];
  for (const option of options) {
    if ('group' in option) {
      const items = ranked(option.items);
      if (items.length > 0) result.push({ group: option.group, items });
    } else if (currencyMatchRank(option.label, search) > 0) result.push(option);
  }
  return result;
};
