import { describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { SHORT_VOLUME_SERIES, type ShortVolumeDay } from '@tapewatch/functions/jobs/dark-pools';
import { darkPoolDataResponse, darkPoolIndividualResponse } from '@tapewatch/shared/schemas/dark-pools';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

/** Independent arithmetic straight from the stored FINRA rows and closes (no domain code). */
async function expected(ticker: string) {
  const rows = await new DailyRowsRepository<ShortVolumeDay>(documentClient(), SHORT_VOLUME_SERIES).get(ticker, 2023);
  const series = await new TimeSeriesRepository(documentClient()).getSeries(ticker, 2023);
  const close = (d: string) => series.close[series.date.indexOf(d)]!;
  const last20 = rows.slice(-20);
  const net = (r: ShortVolumeDay) => r.short_volume - (r.total_volume - r.short_volume);
  const last = rows.at(-1)!;
  return {
    rows,
    last,
    shortPct: (100 * last.short_volume) / last.total_volume,
    net: net(last),
    netDollars: net(last) * close(last.date),
    position: last20.reduce((s, r) => s + net(r), 0),
    positionDollars: last20.reduce((s, r) => s + net(r) * close(r.date), 0),
  };
}

describe('dark pool endpoints on the seeded year of FINRA short volume', () => {
  it('returns the latest date for the whole universe, ordered by DP Position $ descending by default', async () => {
    const { status, text } = await api.get('get_dark_pool_data');
    expect(status).toBe(200);
    expect(text).not.toMatch(/NaN|Infinity/);
    const body = darkPoolDataResponse.parse(JSON.parse(text));
    expect(body).toMatchObject({ as_of: '2024-03-08', top: 'Dark Pools Position $', minmax: 'desc' });
    expect(body.data.length).toBeGreaterThan(480);
    expect(body.data.every((r) => r.Date === '2024-03-08')).toBe(true);
    const values = body.data.map((r) => r['Dark Pools Position $']).filter((v): v is number => v !== null);
    expect(values).toEqual([...values].sort((a, b) => b - a));

    const spy = body.data.find((r) => r.Ticker === 'SPY')!;
    const e = await expected('SPY');
    expect(spy['Short Volume']).toBe(e.last.short_volume);
    expect(spy['Short Volume %']).toBeCloseTo(e.shortPct, 3);
    expect(spy['Net Short Volume']).toBe(e.net);
    expect(spy['Net Short Volume $']).toBeCloseTo(e.netDollars, 1);
    expect(spy['Dark Pools Position']).toBe(e.position);
    expect(spy['Dark Pools Position $']).toBeCloseTo(e.positionDollars, 0);
  });

  it('orders by any of the six columns in either direction, accepting the display names', async () => {
    const body = darkPoolDataResponse.parse(
      JSON.parse((await api.get('get_dark_pool_data', { top: 'Short Volume %', minmax: 'asc' })).text),
    );
    const pcts = body.data.map((r) => r['Short Volume %']).filter((v): v is number => v !== null);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    const net = darkPoolDataResponse.parse(
      JSON.parse((await api.get('get_dark_pool_data', { top: 'Net Short Volume', minmax: 'desc' })).text),
    );
    expect(net.data[0]!['Net Short Volume']).toBe(Math.max(...net.data.map((r) => r['Net Short Volume'])));
  });

  it('rejects a bad column or direction with a 400 alert naming the parameter', async () => {
    const bad = await api.getUnchecked('get_dark_pool_data', { top: 'volume' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).alert_message).toContain("'top'");
    const dir = await api.getUnchecked('get_dark_pool_data', { minmax: 'up' });
    expect(dir.status).toBe(400);
    expect(JSON.parse(dir.text).alert_message).toContain("'minmax'");
  });

  it("returns a ticker's stored year with positions matching the stored rows", async () => {
    const { status, text } = await api.get('get_dark_pool_individual_data', { ticker: ' aapl' });
    expect(status).toBe(200);
    expect(text).not.toMatch(/NaN|Infinity/);
    const body = darkPoolIndividualResponse.parse(JSON.parse(text));
    const e = await expected('AAPL');
    const n = body.individual_short_volume.dates.length;
    expect(body.ticker).toBe('AAPL');
    expect(n).toBe(e.rows.length);
    expect(body.individual_short_volume.dates.at(-1)).toBe('2024-03-08');
    expect(body.individual_short_volume.short_volume.at(-1)).toBe(e.last.short_volume);
    expect(body.individual_short_volume.net_volume.at(-1)).toBe(e.net);
    expect(body.individual_dark_pool_position_data.dp_position.at(-1)).toBe(e.position);
    expect(body.individual_dark_pool_position_data.dollar_dp_position.at(-1)).toBeCloseTo(e.positionDollars, 0);
    expect(body.individual_dark_pool_position_data.dp_position.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(body.individual_short_volume_table.data.at(-1)).toMatchObject({
      ticker: 'AAPL',
      date: e.last.date,
      short_exempt_volume: e.last.short_exempt_volume,
      total_volume: e.last.total_volume,
      market: e.last.market,
    });
  });

  it('answers 404 for an unknown ticker and 400 for a malformed one', async () => {
    const unknown = await api.get('get_dark_pool_individual_data', { ticker: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).alert_message).toContain('Unknown ticker NOPE');
    const bad = await api.get('get_dark_pool_individual_data', { ticker: 'S&P' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).alert_message).toContain("'ticker'");
  });
});
