import { describe, expect, it } from 'vitest';
import { formatSigned, netSlices, pieTable, putCallSlices, sharePercent, sideSlices } from './top-premiums-view.ts';

describe('top premiums pies', () => {
  it('net by sector: slices sized by magnitude, signs kept for the legend and table', () => {
    const net = netSlices([
      { name: 'Information Technology', value: 300 },
      { name: 'Energy', value: -100 },
      { name: 'Utilities', value: 0 },
    ]);
    expect(net.map((s) => [s.name, s.value, s.signed, s.tone])).toEqual([
      ['Information Technology', 300, 300, 'positive'],
      ['Energy', 100, -100, 'negative'],
    ]);
    expect(sharePercent(net, 0)).toBe('75.0%');
    expect(sharePercent(net, 1)).toBe('25.0%');
    expect(pieTable(net, 'Sector', 'Net', 'sector-net-data').rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['Information Technology', '$300K', '75.0%'],
      ['Energy', '-$100K', '25.0%'],
    ]);
  });

  it('calls/puts drop empty sectors; put/call share from the sums', () => {
    expect(
      sideSlices([
        { name: 'A', value: 5 },
        { name: 'B', value: 0 },
      ]).map((s) => s.name),
    ).toEqual(['A']);
    const share = putCallSlices({ calls: 600, puts: 200 });
    expect(share.map((s) => s.name)).toEqual(['Calls', 'Puts']);
    expect(sharePercent(share, 1)).toBe('25.0%');
    expect(putCallSlices({ calls: 0, puts: 0 })).toEqual([]);
    expect(sharePercent([], 0)).toBe('0.0%');
    expect(formatSigned(-1234.4)).toBe('-$1,234K');
  });
});
