import { progressLine } from './progress-bar';

describe('progressLine', () => {
  it('fills the bar in proportion and counts', () => {
    expect(progressLine(0, 4, '', 8)).toBe('[--------] 0/4   0%');
    expect(progressLine(1, 4, 'I-1 applied', 8)).toBe('[##------] 1/4  25%  I-1 applied');
    expect(progressLine(4, 4, '', 8)).toBe('[########] 4/4 100%');
  });

  it('shows an empty run as complete', () => {
    expect(progressLine(0, 0, '', 4)).toBe('[####] 0/0 100%');
  });
});
