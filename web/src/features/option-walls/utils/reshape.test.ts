import { describe, expect, it } from 'vitest';
import { minmaxFixture, wallsFixture } from '../test/fixtures.ts';
import {
  formatShort,
  gexReferenceLines,
  gexTable,
  minmaxStrikeNote,
  minmaxTable,
  wallsChartData,
  wallsTable,
} from './reshape.ts';

describe('option walls reshaping', () => {
  it('aligns the shown expiries on the union of their strikes, calls and puts as separate series', () => {
    const shown = new Set(['2024-03-11', '2024-03-22']);
    const { strikes, series } = wallsChartData(wallsFixture.data, shown);
    expect(strikes).toEqual([505, 510, 515, 525]);
    expect(series.map((s) => s.id)).toEqual(['2024-03-11-C', '2024-03-11-P', '2024-03-22-C', '2024-03-22-P']);
    expect(series[0]!.values).toEqual([412_345.5, 905_120.25, 350_000, null]);
    expect(series[3]!.values).toEqual([null, -200_000, null, 0]);
    expect(series[2]!.color).toBe('#009E73');
  });

  it('tabulates one row per shown expiry and strike with whole numbers', () => {
    const table = wallsTable(wallsFixture.data, new Set(['2024-03-15']));
    expect(table.columns).toEqual(['Expiry', 'Calls', 'Puts']);
    expect(table.rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['500', '2024-03-15', '1,200,000', '-3,100,000'],
      ['510', '2024-03-15', '2,450,000', '-1,750,000'],
      ['520', '2024-03-15', '1,900,000', '-400,000'],
    ]);
    expect(wallsTable(wallsFixture.data, new Set(Object.keys(wallsFixture.data))).rows).toHaveLength(8);
  });

  it('draws spot, walls and zero gamma, leaving out levels that were not found', () => {
    expect(gexReferenceLines(wallsFixture).map((l) => [l.id, l.value])).toEqual([
      ['spot', 511.72],
      ['call_wall', 520],
      ['put_wall', 500],
      ['zero_gamma', 507.43],
    ]);
    const none = { ...wallsFixture, gex: { ...wallsFixture.gex, zero_gamma: null, call_wall: null } };
    expect(gexReferenceLines(none).map((l) => l.id)).toEqual(['spot', 'put_wall']);
    expect(gexTable(wallsFixture.gex).rows[0]).toEqual({
      key: '500',
      label: '500',
      cells: ['150,000,000', '-820,000,000', '-670,000,000'],
    });
  });

  it('tabulates the min/max series with strikes, dashes for missing values, and names the strike in tooltips', () => {
    const t = minmaxTable(minmaxFixture);
    expect(t.rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['2024-03-06', '5,010,001', '520', '-7,400,000', '480'],
      ['2024-03-07', '5,230,400', '520', '-7,120,000', '490'],
      ['2024-03-08', '4,980,000', '525', '-', '-'],
    ]);
    expect(minmaxStrikeNote(minmaxFixture, 'Calls', 2)).toBe('strike 525');
    expect(minmaxStrikeNote(minmaxFixture, 'Puts', 0)).toBe('strike 480');
    expect(minmaxStrikeNote(minmaxFixture, 'Puts', 2)).toBeUndefined();
  });

  it('shortens axis numbers', () => {
    expect(formatShort(1_234_567)).toBe('1.2M');
    expect(formatShort(-350_000)).toBe('-350K');
    expect(formatShort(2_100_000_000)).toBe('2.1B');
    expect(formatShort(250_000_000)).toBe('250M');
    expect(formatShort(0)).toBe('0');
  });
});
