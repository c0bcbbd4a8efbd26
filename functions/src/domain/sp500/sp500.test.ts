import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  SP500_DATASETS,
  SP500_NO_DATA_MESSAGE,
  sp500DatasetLabel,
  sp500RatiosResponse,
} from '@tapewatch/shared/schemas/sp500';
import { computeSp500Ratios } from './compute.ts';
import { sample, summaryStats, withChanges, yoyGrowth } from './series.ts';
import { parseShillerCsv, SHILLER_HEADER } from '../../providers/shiller/shiller-csv.ts';
import type { ShillerMonth } from './shiller-month.ts';

const BUNDLE = new URL('../../../../scripts/demo-data/bundle/shiller-sp500-monthly.csv.gz', import.meta.url);
const rows = parseShillerCsv(gunzipSync(readFileSync(BUNDLE)).toString('utf8')).rows;
const row = (date: string): ShillerMonth => rows.find((r) => r.date === date)!;
const DEMO_AS_OF = '2024-03-08';
const snap = computeSp500Ratios(rows, DEMO_AS_OF);
const at = (id: (typeof SP500_DATASETS)[number], date: string) => {
  const d = snap.datasets[id];
  return d.data[d.dates.indexOf(date)];
};

describe('parseShillerCsv', () => {
  it('reads every month 1871-01..2026-06 and treats 0.0 and blanks as missing', () => {
    expect(rows).toHaveLength(1866);
    expect(rows[0]).toMatchObject({ date: '1871-01-01', price: 4.44, dividend: 0.26, earnings: 0.4, cape: null });
    // Shiller's file: dividends/earnings end 2023-06, CPI and CAPE 2023-09; later rows are price only.
    expect(row('2023-06-01')).toMatchObject({ dividend: 68.71, earnings: 181.17, cpi: 305.11, cape: 29.94 });
    expect(row('2023-07-01')).toMatchObject({ dividend: null, earnings: null, cpi: 305.69, cape: 30.89 });
    expect(row('2023-10-01')).toMatchObject({ price: 4269.4, dividend: null, cpi: null, realPrice: null, cape: null });
    const parsed = parseShillerCsv(`${SHILLER_HEADER}\n2024-01-01,4804.49,,0.0,0,,,,,\nbad,row\n`);
    expect(parsed.rows[0]).toMatchObject({ earnings: null, dividend: null, cpi: null });
    expect(parsed.skipped).toBe(1);
  });
});

describe('family definitions against rows of the Shiller file', () => {
  it('Shiller PE is the PE10 column: 44.20 in December 1999 (the published all-time high)', () => {
    expect(at('sp500_shiller_pe_ratio_month', '1999-12-01')).toBe(44.2);
    expect(at('sp500_shiller_pe_ratio_month', '2009-03-01')).toBe(13.32);
    expect(snap.datasets.sp500_shiller_pe_ratio_month.dates[0]).toBe('1881-01-01');
    expect(snap.datasets.sp500_shiller_pe_ratio_month.dates.at(-1)).toBe('2023-09-01');
  });

  it('the CAPE column equals real price / mean real earnings of the 120 preceding months (within 0.1%, every month)', () => {
    let checked = 0;
    rows.forEach((r, i) => {
      const window = rows.slice(i - 120, i).map((x) => x.realEarnings);
      if (r.cape === null || r.realPrice === null || i < 120 || window.includes(null)) return;
      const cape = r.realPrice / (window.reduce((a, b) => a! + b!, 0)! / 120);
      expect(Math.abs(cape / r.cape - 1)).toBeLessThan(0.001);
      checked++;
    });
    expect(checked).toBeGreaterThan(1700);
  });

  it('PE, yields, dividend and earnings for 2023-06 (P 4345.37, D 68.71, E 181.17)', () => {
    expect(at('sp500_pe_ratio_month', '2023-06-01')).toBeCloseTo(4345.372857 / 181.17, 4); // 23.985
    expect(at('sp500_earnings_yield_month', '2023-06-01')).toBeCloseTo((100 * 181.17) / 4345.372857, 4); // 4.169
    expect(at('sp500_div_yield_month', '2023-06-01')).toBeCloseTo((100 * 68.71) / 4345.372857, 4); // 1.581
    expect(at('sp500_div_month', '2023-06-01')).toBe(68.71);
    expect(at('sp500_earnings_month', '2023-06-01')).toBe(181.17);
    // Earnings end in 2023-06: no PE afterwards, even though prices continue to 2024-03.
    expect(snap.datasets.sp500_pe_ratio_month.dates.at(-1)).toBe('2023-06-01');
  });

  it('real price is the Real Price column; inflation-adjusted price re-bases to the last CPI (2023-09, 306.13)', () => {
    expect(at('sp500_real_price_month', '1999-12-01')).toBe(2598.68);
    expect(at('sp500_infladj_month', '1999-12-01')).toBeCloseTo((1428.68 * 306.13) / 168.3, 3); // 2598.69
    expect(at('sp500_infladj_month', '2023-09-01')).toBe(4515.77);
  });

  it('growth families are year-over-year: quarter ends and Januaries', () => {
    // 2023-06 E 181.17 vs 2022-06 E; 2023-01 vs 2022-01 for the yearly value.
    const e = (d: string) => row(d).earnings!;
    expect(at('sp500_earnings_growth_quarter', '2023-06-01')).toBeCloseTo(100 * (181.17 / e('2022-06-01') - 1), 4);
    expect(at('sp500_earnings_growth_year', '2023-01-01')).toBeCloseTo(
      100 * (e('2023-01-01') / e('2022-01-01') - 1),
      4,
    );
    expect(
      snap.datasets.sp500_div_growth_quarter.dates.every((d) => ['03', '06', '09', '12'].includes(d.slice(5, 7))),
    ).toBe(true);
    expect(snap.datasets.sp500_real_earnings_growth_year.dates.every((d) => d.slice(5, 7) === '01')).toBe(true);
    expect(snap.datasets.sp500_div_growth_quarter.dates[0]).toBe('1872-03-01');
  });
});

describe('computeSp500Ratios', () => {
  it('produces all 36 datasets with their labels and schema-valid payloads', () => {
    expect(Object.keys(snap.datasets)).toHaveLength(36);
    expect(sp500DatasetLabel('sp500_pe_ratio_month')).toBe('S&P 500 PE Ratio by Month');
    for (const id of SP500_DATASETS) expect(() => sp500RatiosResponse.parse(snap.datasets[id])).not.toThrow();
  });

  it('book value and sales families say there is no source, never synthesised values', () => {
    const empty = SP500_DATASETS.filter((id) => snap.datasets[id].no_data_message);
    expect(empty).toHaveLength(14);
    for (const id of empty) {
      expect(snap.datasets[id]).toMatchObject({
        no_data_message: SP500_NO_DATA_MESSAGE,
        dates: [],
        data: [],
        stats: [],
      });
      expect(id).toMatch(/^sp500_(bvps|pbv_ratio|psr|sales|real_sales|sales_growth|real_sales_growth)_(quarter|year)$/);
    }
  });

  it('never emits a row after the as-of date', () => {
    expect(computeSp500Ratios(rows, '2000-01-15').datasets.sp500_pe_ratio_month.dates.at(-1)).toBe('2000-01-01');
  });
});

describe('series helpers', () => {
  const series = {
    dates: ['2020-01-01', '2020-02-01', '2020-03-01', '2021-01-01', '2021-03-01'],
    values: [10, null, 20, 15, 30],
  };
  it('samples quarters and Januaries and computes changes against the previous observation', () => {
    expect(sample(series, 'quarter')).toEqual({ dates: ['2020-03-01', '2021-03-01'], data: [20, 30] });
    expect(withChanges(sample(series, 'year'))).toEqual({
      dates: ['2020-01-01', '2021-01-01'],
      data: [10, 15],
      change: [null, 5],
      change_pct: [null, 50],
    });
    expect(yoyGrowth(series).values).toEqual([null, null, null, 50, 50]);
  });

  it('statistics: mean, median, extremes with dates, sample std, percentile of current', () => {
    const stats = Object.fromEntries(
      summaryStats({ dates: ['a', 'b', 'c', 'd'], data: [4, 1, 3, 2] }).map((s) => [s.key, s.value]),
    );
    expect(stats).toMatchObject({
      Current: 2,
      Mean: 2.5,
      Median: 2.5,
      Minimum: 1,
      'Minimum date': 'b',
      Maximum: 4,
      'Maximum date': 'a',
      'Percentile of current': 50,
      Observations: 4,
    });
    expect(stats['Standard deviation']).toBeCloseTo(1.291, 3); // R: sd(c(4, 1, 3, 2))
  });
});
