import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FactorAnalysisData, FactorStatisticsRow } from '@tapewatch/shared/schemas/factor-analysis';
import { statisticsView } from '../utils/reshape.ts';
import momentum from '../test/aapl-momentum-weekly.fixture.json' with { type: 'json' };
import { StatisticsTable, statisticsCsv } from './statistics-table.tsx';

const d = momentum as FactorAnalysisData;
const stats = JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];

afterEach(() => vi.restoreAllMocks());

describe('Factor Analysis Statistics table CSV export', () => {
  it('the CSV holds the header of horizons and one line per shown statistic, with the API values', () => {
    const view = statisticsView(d);
    const lines = statisticsCsv(view).trimEnd().split('\r\n');
    expect(lines[0]).toBe(['Statistic', ...view.columns].join(','));
    expect(lines).toHaveLength(view.rows.length + 1);
    const count = lines.find((l) => l.startsWith('Count,'))!.split(',');
    expect(count.slice(1)).toEqual(d.horizons.map((h) => String(stats[0]![`fwd_ret_${h}`])));
    const mean = stats.find((r) => r.index === 'mean')!;
    const h0 = mean[`fwd_ret_${d.horizons[0]!}`]!;
    expect(lines.some((l) => l.split(',')[1] === (h0 === '-' ? '' : h0.toFixed(2)))).toBe(true);
  });

  it('a blank cell (a "-" ratio) is an empty CSV field, not a dash', () => {
    const csv = statisticsCsv({
      columns: ['1W', '2W'],
      rows: [{ key: 'profit_loss_ratio', label: 'Profit/Loss Ratio', cells: ['1.50', ''] }],
    });
    expect(csv).toBe('Statistic,1W,2W\r\nProfit/Loss Ratio,1.50,\r\n');
  });

  it('the Export CSV button saves that CSV under the given name', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    const view = statisticsView(d);
    render(<StatisticsTable view={view} csvFileName="AAPL-momentum-weekly-statistics" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toBe('AAPL-momentum-weekly-statistics.csv');
    expect(blobs).toHaveLength(1);
    const text = await blobs[0]!.text();
    expect(text).toBe(statisticsCsv(view));
  });
});
