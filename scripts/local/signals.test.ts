import { describe, expect, it } from 'vitest';
import { factorAnalysisData } from '@tapewatch/shared/schemas/factor-analysis';
import { dataStatusSchema } from '@tapewatch/shared/schemas/meta';
import { signalsResponse, type SignalRow } from '@tapewatch/shared/schemas/signals';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { SnapshotRepository } from '@tapewatch/functions/data/snapshot-repository';
import type { SignalEvaluation } from '@tapewatch/functions/domain/signals/build-signals';
import { DARK_POOL_TABLE_SNAPSHOT, type DarkPoolTableSnapshot } from '@tapewatch/functions/jobs/dark-pools-snapshots';
import { computeSignals, type SignalInputs } from '@tapewatch/functions/jobs/signals-compute';
import { SIGNALS_SNAPSHOT } from '@tapewatch/functions/jobs/signals-snapshot';
import { evaluateFactor, FACTORS, toWeekly } from '@tapewatch/functions/domain/factor-analysis/index';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { SHORT_VOLUME_SERIES } from '@tapewatch/functions/jobs/dark-pools';
import type { ShortVolumeInput } from '@tapewatch/functions/domain/dark-pools/dark-pool-metrics';
import { toBars, toDarkPoolPosition } from '@tapewatch/functions/domain/signals/signals-inputs';
import { readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const AS_OF = '2024-03-08';

/**
 * A small in-test evaluator: uptrend/daily fires when the last adjusted close tops the previous
 * 20; dark_pools/weekly fires when the latest 20-day dark pool position is positive;
 * momentum/daily always fires but fails quality; nothing else fires.
 */
const lastDate = (xs: readonly { date: string }[]) => xs.at(-1)?.date ?? null;
function testEvaluate(
  factor: SignalRow['factor'],
  timeframe: SignalRow['timeframe'],
  inputs: SignalInputs,
): SignalEvaluation {
  const i = inputs.daily;
  if (factor === 'uptrend' && timeframe === 'weekly') {
    // Weekly bars: the last trading day of each week, prepared once per ticker.
    expect(inputs.weekly.bars).toEqual(toWeekly(i.bars));
    expect(inputs.weekly.benchmark).toBe(i.benchmark);
  }
  const none: SignalEvaluation = {
    latest: null,
    lastSignalDate: null,
    lastBarDate: lastDate(i.bars),
  };
  const closes = i.bars.map((b) => b.close);
  const n = closes.length;
  if (factor === 'uptrend' && timeframe === 'daily' && n > 21) {
    const fired = closes[n - 1]! > Math.max(...closes.slice(n - 21, n - 1));
    const mean = (closes[n - 1]! / closes[n - 21]! - 1) * 100;
    return {
      latest: { passesQuality: true, expected: { horizon: 20, mean, profitable_pct: 62.5, profit_loss_ratio: 1.25 } },
      lastSignalDate: fired ? lastDate(i.bars) : '2000-01-03',
      lastBarDate: lastDate(i.bars),
    };
  }
  if (factor === 'dark_pools' && timeframe === 'weekly') {
    const p = i.darkPoolPosition.at(-1);
    const fired = p !== undefined && p.date === AS_OF && p.value > 0 && lastDate(i.benchmark) === AS_OF;
    return {
      latest: { passesQuality: true, expected: { horizon: 4, mean: 1, profitable_pct: 90, profit_loss_ratio: null } },
      lastSignalDate: fired ? AS_OF : null,
      lastBarDate: lastDate(i.bars),
    };
  }
  if (factor === 'momentum' && timeframe === 'daily')
    return {
      ...none,
      latest: { passesQuality: false, expected: { horizon: 1, mean: 50, profitable_pct: 99, profit_loss_ratio: 9 } },
      lastSignalDate: lastDate(i.bars),
    };
  return none;
}

describe('signals job on the demo universe', () => {
  it("builds rows from each ticker's stored closes, dark pool position, directory sector and market cap", async () => {
    const db = documentClient();
    const started = performance.now();
    const res = await computeSignals(db, AS_OF, ['uptrend', 'momentum', 'dark_pools'], testEvaluate);
    const seconds = (performance.now() - started) / 1000;
    expect(res.asOf).toBe(AS_OF);
    expect(res.tickers).toBeGreaterThan(500);
    expect(res.rows.every((r) => r.date === AS_OF)).toBe(true);
    expect(res.rows.some((r) => r.factor === 'momentum')).toBe(false);

    // uptrend/daily: recomputed independently from the bundled adjusted closes.
    const entries = new Map<string, DirectoryEntry>(
      (await new DirectoryRepository(db).all()).map((e) => [e.symbol, e]),
    );
    const expected = new Map<string, { mean: number; close: number }>();
    for (const { ticker, series } of readStocks()) {
      const end = series.date.lastIndexOf(AS_OF) + 1;
      if (end === 0) continue;
      const c = (series.adjClose ?? series.close).slice(0, end);
      const n = c.length;
      if (n > 21 && c[n - 1]! > Math.max(...c.slice(n - 21, n - 1)))
        expected.set(ticker, { mean: c[n - 1]! / c[n - 21]! - 1, close: series.close[end - 1]! });
    }
    const uptrend = res.rows.filter((r) => r.factor === 'uptrend');
    const stockRows = uptrend.filter((r) => entries.get(r.ticker)?.kind === 'stock');
    expect(stockRows.map((r) => r.ticker).sort()).toEqual([...expected.keys()].sort());
    expect(stockRows.length).toBeGreaterThan(5);
    for (const r of stockRows) {
      const e = entries.get(r.ticker)!;
      const x = expected.get(r.ticker)!;
      expect(r).toMatchObject({ timeframe: 'daily', period: 20, 'profitable%': 62.5, profit_loss_ratio: 1.25 });
      expect(r.expected_ret).toBeCloseTo(x.mean * 100, 4);
      expect(r.marketcap).toBe(e.shares_outstanding === null ? null : Math.round(e.shares_outstanding * x.close));
    }

    // dark_pools/weekly: exactly the tickers whose latest position in the Dark Pools table is positive.
    const dp = (await new SnapshotRepository(db).latest<DarkPoolTableSnapshot>(DARK_POOL_TABLE_SNAPSHOT))!.payload;
    expect(dp.as_of).toBe(AS_OF);
    const positive = dp.rows
      .filter((r) => (r['Dark Pools Position'] ?? 0) > 0 && entries.has(r.Ticker))
      .map((r) => r.Ticker);
    const dpRows = res.rows.filter((r) => r.factor === 'dark_pools');
    expect(dpRows.map((r) => r.ticker).sort()).toEqual(positive.sort());
    expect(dpRows.every((r) => r.profit_loss_ratio === null && r.timeframe === 'weekly' && r.period === 4)).toBe(true);

    // Sectors in the spec's names; index ETFs have none, sector ETFs their sector.
    const sectorOf = (t: string) => res.rows.find((r) => r.ticker === t)?.sector;
    for (const r of res.rows) {
      const gics = entries.get(r.ticker)!.sector;
      if (gics === 'Information Technology') expect(r.sector).toBe('Technology');
      if (gics === 'Consumer Discretionary') expect(r.sector).toBe('Consumer Cyclical');
      if (gics === 'Health Care') expect(r.sector).toBe('Healthcare');
    }
    if (sectorOf('SPY') !== undefined) expect(sectorOf('SPY')).toBeNull();
    if (sectorOf('XLK') !== undefined) expect(sectorOf('XLK')).toBe('Technology');
    console.info(
      `computeSignals (3 test factors) over ${res.tickers} tickers: ${seconds.toFixed(1)} s, ${res.rows.length} rows`,
    );
  });

  it('serves the stored snapshot at /api/get_signals_data and rejects any query parameter', async () => {
    const snap = await new SnapshotRepository(documentClient()).latest<SignalRow[]>(SIGNALS_SNAPSHOT);
    const res = await api.get('get_signals_data');
    if (!snap) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ alert_show: true, alert_message: expect.stringMatching(/being computed/) });
    } else {
      expect(res.status).toBe(200);
      expect(signalsResponse.parse(res.body)).toEqual(snap.payload);
    }
    const bad = await api.getUnchecked('get_signals_data', { factor: 'uptrend' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ alert_show: true, alert_message: expect.stringContaining('factor') });
  });

  // The job's run is the seed's: the seed is built by a first start's demo backfill, which runs the nightly job over the
  // demo universe with the code under test (scripts/test/vitest-seed.ts, rebuilt whenever functions/src changes), so a
  // second run here would only pay for the same work again (about 12 s on the 2-core machine).
  it('the nightly job stores every latest-date signal that passes quality, consistent with evaluateFactor and the single-stock endpoint', async () => {
    const db = documentClient();
    const status = dataStatusSchema.parse((await api.get('get_data_status')).body);
    expect(status.jobs.find((j) => j.job === 'signals')?.last_run).toMatchObject({ status: 'succeeded', to: AS_OF });
    const snap = (await new SnapshotRepository(db).latest<SignalRow[]>(SIGNALS_SNAPSHOT))!;
    expect(snap.asOf).toBe(AS_OF);
    const rows = signalsResponse.parse(snap.payload);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => r.date === AS_OF && r['profitable%'] >= 55 && r.expected_ret > 0)).toBe(true);
    expect(rows.map((r) => r.expected_ret)).toEqual([...rows.map((r) => r.expected_ret)].sort((a, b) => b - a));
    expect(new Set(rows.map((r) => r.factor)).size).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.timeframe))).toEqual(new Set(['daily', 'weekly']));

    // Re-evaluate a sample of tickers (some with rows, some without) independently of the job's loop.
    const prices = new TimeSeriesRepository(db);
    const spy = toBars(await prices.getSeries('SPY'), AS_OF);
    const withRows = [...new Set(rows.map((r) => r.ticker))].slice(0, 12);
    const sample = [...withRows, 'AAPL', 'MSFT', 'XOM', 'JPM', 'QQQ', 'XLE'];
    for (const ticker of sample) {
      const series = await prices.getSeries(ticker);
      const sv = await new DailyRowsRepository<ShortVolumeInput>(db, SHORT_VOLUME_SERIES).get(ticker);
      const inputs = {
        bars: toBars(series, AS_OF),
        benchmark: spy,
        darkPoolPosition: toDarkPoolPosition(sv, series, AS_OF),
      };
      const want: string[] = [];
      for (const { id } of FACTORS) {
        for (const tf of ['daily', 'weekly'] as const) {
          const ev = evaluateFactor(id, tf, inputs);
          const oos = ev.latest?.expected;
          const shownPasses = oos !== undefined && oos !== null && oos.mean > 0 && oos.profitable_pct >= 55;
          if (oos && shownPasses && ev.passesQuality && ev.lastSignalDate === AS_OF && ev.lastBarDate === AS_OF) {
            want.push(
              `${id}/${tf}/${oos.horizon}/${Math.round(oos.mean * 1e4) / 1e4}/${Math.round(oos.profitable_pct * 100) / 100}`,
            );
          }
        }
      }
      const got = rows
        .filter((r) => r.ticker === ticker)
        .map((r) => `${r.factor}/${r.timeframe}/${r.period}/${r.expected_ret}/${r['profitable%']}`);
      expect(got.sort(), ticker).toEqual(want.sort());
    }

    // The row's target page shows the same last-signal figures (as known on its date): Expected %,
    // Profitable %, period and profit/loss ratio, on rows of both timeframes.
    const daily = rows.filter((r) => r.timeframe === 'daily').slice(0, 3);
    const weekly = rows.filter((r) => r.timeframe === 'weekly').slice(0, 3);
    for (const r of [...daily, ...weekly]) {
      const page = await api.get('get_factor_analysis_data', {
        ticker: r.ticker,
        factor: r.factor,
        timeframe: r.timeframe,
      });
      expect(page.status).toBe(200);
      const d = factorAnalysisData.parse(page.body);
      expect(d.last_signal_data).toEqual({
        date: AS_OF,
        period: r.period,
        period_unit: r.timeframe === 'daily' ? 'days' : 'weeks',
        expected_ret: r.expected_ret,
        profitable_pct: r['profitable%'],
        profit_loss: r.profit_loss_ratio ?? '-',
        signals: expect.any(Number),
        record_trades: expect.any(Number),
        record_profitable_pct: expect.any(Number),
      });
      expect(d).toMatchObject({ passes_quality: true, last_signal_status: 'ok', out_of_sample: { period: r.period } });
    }
  });
});
