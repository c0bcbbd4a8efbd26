import { describe, expect, it } from 'vitest';
import { categoryLabels, distinctCategories } from '../../../components/flow/category-axis.tsx';
import { fitLabel } from '../../../components/flow/horizontal-bar-chart.tsx';
import { largest, leaps, metrics, otmRows, premiums, quotes, sectors, volume } from '../test/dashboard-fixtures.ts';
import {
  dayRange,
  flowBubbles,
  indexCards,
  largestFlowTable,
  overAvgTable,
  ratioText,
  sectorTable,
  tickerAppears,
  weekOf,
  weekText,
} from './dashboard-view.ts';
import { LEAPS_TABLE_COLUMNS, OTM_TABLE_COLUMNS } from './table-columns.ts';

const rowsOf = (t: { rows: ReadonlyArray<{ label: string; cells: readonly string[] }> }) =>
  t.rows.map((r) => [r.label, ...r.cells]);

describe('dashboard view model', () => {
  it('index cards: price, signed change and percent, direction, source and the day\u2019s flow', () => {
    const cards = indexCards(quotes, metrics);
    expect(cards.map((c) => [c.ticker, c.price, c.change, c.trend])).toEqual([
      ['SPY', '512.34', '+1.25 (+0.24%)', 'positive'],
      ['QQQ', '440.10', '\u22123.03 (\u22120.68%)', 'negative'],
      ['IWM', '205.00', '0.00 (0.00%)', 'neutral'],
    ]);
    expect(cards[0]!.source).toBe(
      'Price at the latest SPY option trade against the previous dividend-adjusted close of 511.09',
    );
    expect(cards[1]!.source).toBe(
      'Latest dividend-adjusted daily close against the previous dividend-adjusted close of 443.13',
    );
    expect(cards[2]!.source).toBe('Latest daily close against the previous close of 205.00');
    expect([cards[0]!.callPremiums, cards[0]!.putPremiums, cards[0]!.callFlow, cards[0]!.putFlow]).toEqual([
      '$12,346K',
      '$9,876K',
      '1,234',
      '987',
    ]);
  });

  it('index cards without answers show dashes, in the spec order', () => {
    const cards = indexCards(undefined, undefined);
    expect(cards.map((c) => c.ticker)).toEqual(['SPY', 'QQQ', 'IWM']);
    expect([cards[0]!.price, cards[0]!.change, cards[0]!.callPremiums, cards[0]!.source]).toEqual([
      '\u2014',
      '\u2014 (\u2014)',
      '\u2014',
      '',
    ]);
  });

  it('largest flow entries become bubbles (size clamped to 0-1) and a data table', () => {
    const bubbles = flowBubbles([...largest.daily, ['X', 1, 'PUT', 10.5, '2025-01-17', 'Bearish', 1.4]]);
    expect(bubbles.map((b) => [b.ticker, b.premium, b.side, b.size])).toEqual([
      ['TSLA', 2500, 'CALL', 1],
      ['AAPL', 900, 'PUT', 0.6],
      ['TSLA', 625, 'PUT', 0.5],
      ['X', 1, 'PUT', 1],
    ]);
    expect(new Set(bubbles.map((b) => b.key)).size).toBe(4);
    expect(rowsOf(largestFlowTable(bubbles.slice(0, 2), 'x'))).toEqual([
      ['TSLA', '$2,500K', 'CALL', '200', '2024-06-21', 'Bullish'],
      ['AAPL', '$900K', 'PUT', '170', '2024-04-19', 'Bearish'],
    ]);
    expect(distinctCategories(bubbles.map((b) => b.ticker))).toEqual(['TSLA', 'AAPL', 'X']);
  });

  it('sector table keeps the sign of net', () => {
    expect(rowsOf(sectorTable(sectors.daily, 's'))).toEqual([
      ['Information Technology', '$3,000K', '$1,000K', '$2,000K'],
      ['Energy', '$100K', '$400K', '-$300K'],
    ]);
  });

  it('over-average tables: premiums in $K, volume in contracts, the ratio to one decimal', () => {
    expect(rowsOf(overAvgTable(premiums.calls, 'premiums', 'p'))).toEqual([
      ['AMD', '$800K', '$100K', '\u00d78.0'],
      ['AAPL', '$300K', '$50K', '\u00d76.0'],
    ]);
    expect(rowsOf(overAvgTable(volume.calls, 'volume', 'v'))).toEqual([['PLTR', '15,000', '1,234', '\u00d712.2']]);
    expect(ratioText(5, 0)).toBe('new');
  });

  it('day ranges and whether a ticker appears on the dashboard', () => {
    expect(dayRange('2024-03-04', '2024-03-08')).toBe('2024-03-04 to 2024-03-08');
    expect(dayRange('2024-03-08', '2024-03-08')).toBe('2024-03-08');
    expect(dayRange(null, null)).toBe('');
    expect(weekText('2024-03-04', '2024-03-08')).toBe('; week 2024-03-04 to 2024-03-08');
    expect(weekText('2024-03-08', '2024-03-08')).toBe('; the week so far is this day alone');
    expect(weekText(null, null)).toBe('');
    expect(weekOf('2024-03-04', '2024-03-08')).toBe('the week 2024-03-04 to 2024-03-08');
    expect(weekOf('2024-03-08', '2024-03-08')).toBe('the week so far (2024-03-08 only)');
    const sources = {
      daily: largest.daily,
      weekly: largest.weekly,
      tables: [otmRows, leaps.data],
      charts: [premiums.calls, premiums.puts, volume.calls],
    };
    expect(['NVDA', 'MSFT', 'XOM', 'PLTR', 'IWM', 'T05'].map((t) => tickerAppears(t, sources))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(tickerAppears('ZZZZ', sources)).toBe(false);
  });

  it('table columns: Date gives way under 1600 px, Time on phones; LEAPS always keep DTE and OI', () => {
    expect(OTM_TABLE_COLUMNS.at(-1)!.header).toBe('OTM By');
    expect(OTM_TABLE_COLUMNS.find((c) => c.id === 'date')!.hideBelow).toBe(1600);
    expect(OTM_TABLE_COLUMNS.find((c) => c.id === 'time')!.hideBelow).toBe(850);
    expect(OTM_TABLE_COLUMNS.filter((c) => c.hideBelow === undefined).map((c) => c.id)).toEqual([
      'ticker',
      'put_call',
      'strike',
      'premium',
      'otm',
    ]);
    expect(LEAPS_TABLE_COLUMNS.filter((c) => c.hideBelow === undefined).map((c) => c.id)).toEqual([
      'ticker',
      'put_call',
      'strike',
      'dte',
      'oi',
      'premium',
    ]);
  });

  it('category labels turn when slots are narrow; long sector names are shortened', () => {
    expect(categoryLabels(4, 10, 600)).toEqual({ rotate: false, depth: 24, every: 1 });
    expect(categoryLabels(4, 30, 300)).toMatchObject({ rotate: true, every: 2 });
    expect(fitLabel('Information Technology', 12)).toBe('Information\u2026');
    expect(fitLabel('Energy', 12)).toBe('Energy');
  });
});
