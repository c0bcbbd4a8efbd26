import { describe, expect, it } from 'vitest';
import type { ClustersData } from '@tapewatch/shared/schemas/clusters';
import fixture from '../test/clusters-aapl.fixture.json' with { type: 'json' };
import table from '../test/table.fixture.json' with { type: 'json' };
import {
  pctText,
  averageTable,
  boxplotTable,
  clusterInfo,
  predictionTable,
  toAverageBars,
  toPredictionView,
} from './reshape.ts';
import { clustersColumns, topRow } from './columns.ts';
import { isColumnVisible } from '../../../components/table/table-logic.ts';

const data = fixture as ClustersData;

describe('clusters reshaping', () => {
  it('places the projections 1..20 weekdays after the last session', () => {
    const v = toPredictionView(data.predictions);
    const n = data.predictions.index.length;
    expect(v.span).toBe(n + 20);
    expect(v.points.map((p) => p.x)).toEqual([n, n + 1, n + 4, n + 9, n + 19]);
    expect(v.area).toEqual({ from: n - 10, to: n - 1 });
    expect(v.points[0]!.close).toBe(data.predictions.mark_dates.d1.close);
  });

  it('never shows -0.00%', () => {
    expect(pctText(-0.00001)).toBe('0.00%');
    expect(pctText(-0.0001)).toBe('-0.01%');
    expect(pctText(null)).toBe('-');
  });

  it('skips unknown projections', () => {
    const p = {
      ...data.predictions,
      mark_dates: { ...data.predictions.mark_dates, d20: { date: '2024-04-05', close: null } },
    };
    expect(toPredictionView(p).points.map((x) => x.label)).toEqual(['1D', '2D', '5D', '10D']);
    expect(predictionTable(p).rows.at(-1)!.cells).toEqual(['2024-04-05', '-']);
  });

  it('formats Cluster Info and the tables in percent', () => {
    const info = clusterInfo(data);
    expect(info.cluster).toBe(`Cluster ${data.cluster_info.current_cluster}`);
    expect(info.returns[0]!.value).toBe(`${(data.cluster_info.forward_returns.d1! * 100).toFixed(2)}%`);
    const avg = averageTable(data);
    expect(avg.rows).toHaveLength(8);
    expect(avg.rows[0]!.cells[0]).toBe(String(data.clusters_average_data.clusters_count.counts[0]));
    const bars = toAverageBars(data);
    expect(bars.groups[4]!.values[0]).toBeCloseTo(
      data.clusters_average_data.clusters_average_returns['20D Forward Return'][0]! * 100,
      12,
    );
    const box = boxplotTable(data);
    const s = data.clusters_boxplot_data[0]!.boxplot_data!;
    expect(box.rows[0]!.cells[2]).toBe(`${(s.median * 100).toFixed(2)}%`);
  });

  it('hides date < 1000 px, close < 700 px, 2D < 600 px and selects the top 20D row', () => {
    const visible = (w: number) => clustersColumns.filter((c) => isColumnVisible(c, w)).map((c) => c.id);
    expect(visible(1440)).toEqual([
      'ticker',
      'date',
      'close',
      '1d_forward_return',
      '2d_forward_return',
      '5d_forward_return',
      '10d_forward_return',
      '20d_forward_return',
    ]);
    expect(visible(999)).not.toContain('date');
    expect(visible(699)).not.toContain('close');
    expect(visible(650)).toContain('2d_forward_return');
    expect(visible(599)).toEqual([
      'ticker',
      '1d_forward_return',
      '5d_forward_return',
      '10d_forward_return',
      '20d_forward_return',
    ]);
    const best = [...table.all].sort((a, b) => (b['20d_forward_return'] ?? -1) - (a['20d_forward_return'] ?? -1))[0]!;
    expect(topRow(table.all)!.ticker).toBe(best.ticker);
  });
});
