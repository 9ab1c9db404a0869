/**
 * The units a metal's amount may be given in (`unit` of convert). A metal's rate is per troy ounce
 * (ISO 4217); grams and kilograms are exact multiples of it.
 */
export const METAL_UNITS = ['ozt', 'g', 'kg'] as const;
export type MetalUnit = (typeof METAL_UNITS)[number];

/** The international troy ounce, exactly (International Yard and Pound Agreement, 1959). */
export const GRAMS_PER_TROY_OUNCE = '31.1034768';

/**
 * Troy ounces in one of each unit, as exact decimal text for decimal arithmetic: 1 g is
 * 1/31.1034768 oz t, which no finite decimal holds, so it is given as the grams per unit that
 * divide instead (ounces = amount × grams per unit ÷ 31.1034768).
 */
export const GRAMS_PER_UNIT: Record<MetalUnit, string> = {
  ozt: GRAMS_PER_TROY_OUNCE,
  g: '1',
  kg: '1000',
};

export function isMetalUnit(value: string): value is MetalUnit {
  return (METAL_UNITS as readonly string[]).includes(value);
}
