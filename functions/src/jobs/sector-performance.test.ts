import { describe, expect, it } from 'vitest';
import { sectorSeries } from './sector-performance.ts';

describe('sectorSeries', () => {
  const base = {
    date: ['2024-03-06', '2024-03-07', '2024-03-08'],
    open: [1, 1, 1],
    high: [1, 1, 1],
    low: [1, 1, 1],
    close: [90, 91, 92],
    volume: [1, 1, 1],
  };

  it('uses the dividend-adjusted close when the provider stores one (real mode), cut at today', () => {
    const s = sectorSeries('XLK', 'Technology', { ...base, adjClose: [89.1, 90.2, 91.3] }, '2024-03-07');
    expect(s).toEqual({
      ticker: 'XLK',
      sector: 'Technology',
      dates: ['2024-03-06', '2024-03-07'],
      closes: [89.1, 90.2],
    });
  });

  it('uses the close when it is already adjusted and has no separate column (the demo bundle)', () => {
    expect(sectorSeries('XLK', 'Technology', { ...base, adjClose: null }, '2024-03-08')?.closes).toEqual([90, 91, 92]);
    expect(sectorSeries('XLK', 'Technology', { ...base, adjClose: null }, '2024-03-01')).toBeNull();
  });
});
