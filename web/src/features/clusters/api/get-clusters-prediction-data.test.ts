import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ClustersData } from '@tapewatch/shared/schemas/clusters';
import { mockApi } from '../../../test/render-app.tsx';
import { toPredictionView } from '../utils/reshape.ts';
import fixture from '../test/clusters-aapl.fixture.json' with { type: 'json' };
import { clustersPredictionQueryOptions, leaveOutUnknown, predictionParams } from './get-clusters-prediction-data.ts';
import type { ClustersTableRow } from './get-clusters-table-data.ts';

const base = (fixture as ClustersData).predictions;
// The server projects every dN it is sent, including the placeholder 0 of an unknown return.
const served = {
  ...base,
  mark_dates: { ...base.mark_dates, d10: { date: '2024-03-22', close: 170 }, d20: { date: '2024-04-05', close: 170 } },
};
const row: ClustersTableRow = {
  ticker: 'NEWCO',
  date: '2024-03-08',
  close: 170,
  '1d_forward_return': 0.001,
  '2d_forward_return': 0.002,
  '5d_forward_return': 0.004,
  // Too young a listing: no window of its cluster has a 10- or 20-day forward return yet.
  '10d_forward_return': null,
  '20d_forward_return': null,
};

afterEach(() => vi.unstubAllGlobals());

describe('clusters all-stocks prediction for a row with unknown forward returns', () => {
  it('sends the required dN but leaves the unknown projections out of the chart', async () => {
    expect(predictionParams(row)).toMatchObject({ d5: 0.004, d10: 0, d20: 0 });
    const fetchMock = mockApi({ '/api/get_clusters_prediction_data': [200, served] });
    const p = await new QueryClient().fetchQuery(clustersPredictionQueryOptions(row));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('ticker=NEWCO');
    expect(p.mark_dates.d10.close).toBeNull();
    expect(p.mark_dates.d20.close).toBeNull();
    expect(p.mark_dates.d5).toEqual(served.mark_dates.d5);
    expect(toPredictionView(p).points.map((x) => x.label)).toEqual(['1D', '2D', '5D']);
  });

  it('keeps every projection when all returns are known, and keys null apart from a real 0', () => {
    const known = { ...row, '10d_forward_return': 0, '20d_forward_return': 0.01 };
    expect(leaveOutUnknown(known, served).mark_dates).toEqual(served.mark_dates);
    expect(clustersPredictionQueryOptions(known).queryKey).not.toEqual(clustersPredictionQueryOptions(row).queryKey);
  });
});
