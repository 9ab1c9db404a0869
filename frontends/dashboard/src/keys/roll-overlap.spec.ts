import { MAX_KEY_OVERLAP_HOURS } from '@fxrates/domain';
import { overlapExplanation, ROLL_OVERLAPS } from './roll-overlap';

describe('the overlap of a roll', () => {
  it('offers none up to the longest the API allows', () => {
    expect(ROLL_OVERLAPS.map(({ hours }) => hours)).toEqual([0, 1, 24, 72, 168]);
    expect(Math.max(...ROLL_OVERLAPS.map(({ hours }) => hours))).toBe(MAX_KEY_OVERLAP_HOURS);
    expect(ROLL_OVERLAPS.map(({ label }) => label)).toEqual([
      'None',
      '1 hour',
      '24 hours',
      '3 days',
      '7 days',
    ]);
  });

  it('says until when the current secret keeps working, or that it stops at once', () => {
    const now = new Date('2026-12-01T14:00:00.000Z');
    expect(overlapExplanation(24, now)).toBe(
      'The current secret keeps working beside the new one until about December 2, 2026, 14:00 UTC. Put the new one everywhere the key is used before then.',
    );
    expect(overlapExplanation(168, now)).toMatch(/until about December 8, 2026, 14:00 UTC\./);
    expect(overlapExplanation(0, now)).toBe(
      'The current secret stops working as soon as the new one is made.',
    );
  });
});
