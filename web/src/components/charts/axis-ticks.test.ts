import { describe, expect, it } from 'vitest';
import { monthLabel, monthStartIndices, niceTicks } from './axis-ticks.ts';

describe('axis ticks', () => {
  it('makes round ticks inside the range', () => {
    expect(niceTicks(-12.3, 48.1, 6)).toEqual([-10, 0, 10, 20, 30, 40]);
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-3.2, 2.1, 4)).toEqual([-3, -2, -1, 0, 1, 2]);
    expect(niceTicks(3, 3, 5)).toEqual([3]);
  });

  it('finds month starts, skipping the partial first month', () => {
    const dates = ['2023-03-08', '2023-03-31', '2023-04-03', '2023-04-28', '2023-05-01', '2023-06-01', '2023-07-03'];
    expect(monthStartIndices(dates, 1)).toEqual([2, 4, 5, 6]);
    expect(monthStartIndices(dates, 2)).toEqual([2, 5]);
  });

  it('labels months', () => {
    expect(monthLabel('2024-01-02')).toBe('Jan 24');
    expect(monthLabel('2023-11-01', true)).toBe('Nov');
  });
});
