import { BreakdownCells, type BreakdownCell } from './usage-breakdown-cells';

const USER = 'u1';
const A = '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a';
const B = '7f1d2e3c-4b5a-4c6d-9e8f-0a1b2c3d4e5f';
const DAY = 20_422; // 2025-11-30

/** The cells as sorted lines, "key day endpoint class calls": the order of a Map is no promise. */
const lines = (cells: readonly BreakdownCell[]) =>
  cells.map((c) => `${c.keyId === A ? 'A' : 'B'} ${c.day} ${c.endpoint} ${c.statusClass} ${c.calls}`).sort();

describe('BreakdownCells', () => {
  it('adds up the calls of one key, day, endpoint and status class, and keeps any other apart', () => {
    const cells = new BreakdownCells(100);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY, 'rates/latest', '3xx', 1);
    cells.add(USER, A, DAY, 'rates/historical/:date', '2xx', 1);
    cells.add(USER, A, DAY + 1, 'rates/latest', '2xx', 1);
    cells.add(USER, B, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY, 'rates/latest', '4xx', 3);
    expect(cells.size).toBe(6);
    expect(lines(cells.take())).toEqual(
      [
        `A ${DAY} rates/latest 2xx 2`,
        `A ${DAY} rates/latest 3xx 1`,
        `A ${DAY} rates/latest 4xx 3`,
        `A ${DAY} rates/historical/:date 2xx 1`,
        `A ${DAY + 1} rates/latest 2xx 1`,
        `B ${DAY} rates/latest 2xx 1`,
      ].sort(),
    );
  });

  it('keeps endpoints apart whatever characters they hold', () => {
    const cells = new BreakdownCells(100);
    cells.add(USER, A, DAY, 'x|2xx', '2xx', 1);
    cells.add(USER, A, DAY, 'x', '2xx', 1);
    cells.add(USER, A, DAY, '2xx|x', '2xx', 1);
    expect(cells.size).toBe(3);
  });

  it('starts again from none once taken, and takes restored cells back into what was counted since', () => {
    const cells = new BreakdownCells(100);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 2);
    const taken = cells.take();
    expect(cells.size).toBe(0);
    expect(cells.take()).toEqual([]);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 5);
    cells.add(USER, B, DAY, 'currencies', '4xx', 1);
    cells.restore(taken);
    expect(lines(cells.take())).toEqual([`A ${DAY} rates/latest 2xx 7`, `B ${DAY} currencies 4xx 1`]);
  });

  it("past its bound makes room by dropping the oldest day's cells, counting their calls as dropped", () => {
    const cells = new BreakdownCells(3);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 4);
    cells.add(USER, B, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY + 1, 'rates/latest', '2xx', 1);
    // Known cells still count when full.
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 1);
    expect(cells.takeDropped()).toBe(0);
    cells.add(USER, A, DAY + 2, 'rates/latest', '2xx', 1);
    expect(cells.takeDropped()).toBe(6);
    expect(cells.takeDropped()).toBe(0);
    expect(lines(cells.take())).toEqual([
      `A ${DAY + 1} rates/latest 2xx 1`,
      `A ${DAY + 2} rates/latest 2xx 1`,
    ]);
  });

  it('drops a new call of the oldest day itself when full, keeping the cells it has', () => {
    const cells = new BreakdownCells(2);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY, 'rates/rate', '2xx', 1);
    cells.add(USER, A, DAY, 'convert', '2xx', 1);
    cells.add(USER, A, DAY - 1, 'convert', '2xx', 2);
    expect(cells.takeDropped()).toBe(3);
    expect(lines(cells.take())).toEqual([`A ${DAY} rates/latest 2xx 1`, `A ${DAY} rates/rate 2xx 1`]);
  });

  it('restores within its bound too: what a failed write gives back past it is dropped and counted', () => {
    const cells = new BreakdownCells(2);
    cells.add(USER, A, DAY, 'rates/latest', '2xx', 1);
    cells.add(USER, A, DAY, 'rates/rate', '2xx', 1);
    const taken = cells.take();
    cells.add(USER, A, DAY + 1, 'rates/latest', '2xx', 1);
    cells.restore(taken);
    // Room for one of the day before; the other is of the oldest day when full.
    expect(cells.size).toBe(2);
    expect(cells.takeDropped()).toBe(1);
  });
});
