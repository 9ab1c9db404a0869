import { GRAMS_PER_TROY_OUNCE, GRAMS_PER_UNIT, isMetalUnit, METAL_UNITS } from './metal-units';

describe('metal units', () => {
  it('are the troy ounce, the gram and the kilogram, the ounce exactly 31.1034768 g', () => {
    expect(METAL_UNITS).toEqual(['ozt', 'g', 'kg']);
    expect(GRAMS_PER_TROY_OUNCE).toBe('31.1034768');
    expect(GRAMS_PER_UNIT).toEqual({ ozt: '31.1034768', g: '1', kg: '1000' });
  });

  it('recognises only their exact lower-case names', () => {
    expect(['ozt', 'g', 'kg'].every(isMetalUnit)).toBe(true);
    expect(['oz', 'OZT', 'G', 'lb', '', 'toString'].some(isMetalUnit)).toBe(false);
  });
});
