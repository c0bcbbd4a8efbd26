import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DirectoryRepository } from '../../data/directory-repository.ts';
import { NetOpeningsRepository } from '../../data/net-openings-repository.ts';
import { CarryReader } from '../../domain/options-market/oi-carry.ts';
import { netOpeningsOf } from '../../domain/options-market/index.ts';
import { TimeSeriesRepository, type DailySeries } from '../../data/timeseries-repository.ts';
import type { OptionsActivityRecord } from '../benzinga/options-activity.ts';
import { DEMO_SEED } from './demo-provider.ts';
import { ownRecordsReport } from './own-records.ts';
import {
  FlowDayState,
  flowSimSeed,
  simulateFlowDay,
  simulateTrades,
  type BenzingaWireRecord,
} from './flow-simulator.ts';
import type { FlowUnderlying } from './flow-simulator-universe.ts';
import { underlyingDayFrom } from './underlying-day.ts';
import type { ParseReport } from '../parse-report.ts';

/**
 * The demo's current day is a session in progress: its packed trades end at noon New York and the
 * live player stamps new trades from there on (flow-live in scripts/local), so live trades are
 * always the newest of the day and the day's totals are those of a partial day, as on a real
 * trading day.
 */
export const DEMO_LIVE_SESSION_FROM = '12:00:00';

/** The simulator's view of one name on one date from its real daily bars; null without a bar. */
export function underlyingOn(
  symbol: string,
  kind: 'stock' | 'etf',
  s: DailySeries,
  date: string,
  vix?: number,
): FlowUnderlying | null {
  const d = underlyingDayFrom(symbol, kind, s, date, vix);
  if (!d) return null;
  return {
    symbol,
    kind,
    close: d.close,
    prevClose: d.prevClose,
    dollarVolume: d.dollarVolume,
    vol: d.realisedVol,
    longVol: d.longVol,
    rangeLow: d.rangeLow,
    rangeHigh: d.rangeHigh,
    drawdown: d.drawdown,
    ...(d.vix !== undefined ? { vix: d.vix } : {}),
  };
}

/**
 * The demo's options-activity source: the flow simulator over the bundled universe (real closes
 * and volumes from the market table), emitting vendor records that go through the real parser.
 */
export function demoFlowSource(db: DynamoDBDocumentClient, seed = DEMO_SEED) {
  let loaded: Promise<Array<{ symbol: string; kind: 'stock' | 'etf'; series: DailySeries }>> | undefined;
  const load = () =>
    (loaded ??= (async () => {
      const entries = (await new DirectoryRepository(db).all()).filter((e) => e.kind !== 'index');
      const repo = new TimeSeriesRepository(db);
      const out: Array<{ symbol: string; kind: 'stock' | 'etf'; series: DailySeries }> = [];
      for (let i = 0; i < entries.length; i += 16) {
        const batch = entries.slice(i, i + 16);
        const series = await Promise.all(batch.map((e) => repo.getSeries(e.symbol, 2018)));
        batch.forEach((e, k) => out.push({ symbol: e.symbol, kind: e.kind as 'stock' | 'etf', series: series[k]! }));
      }
      return out;
    })());
  let vixSeries: Promise<DailySeries | null> | undefined;
  const vixOn = async (date: string): Promise<number | undefined> => {
    // The real VIX close: SPY's surface follows it and the flow's put share leans on it (other names'
    // surfaces ignore it); without one, SPY falls back on realised vol.
    vixSeries ??= new TimeSeriesRepository(db).getSeries('VIX', 2018).catch(() => null);
    const v = await vixSeries;
    const i = v ? v.date.lastIndexOf(date) : -1;
    return v && i >= 0 ? v.close[i] : undefined;
  };
  const universeOn = async (date: string): Promise<FlowUnderlying[]> => {
    const vix = await vixOn(date);
    return (await load())
      .map((u) => underlyingOn(u.symbol, u.kind, u.series, date, vix))
      .filter((u): u is FlowUnderlying => u !== null);
  };
  const simSeed = flowSimSeed(seed);
  // Open interest carried from the stored days' prints: the ingest runs in date order, so a day's
  // flow (and the chains of the next day) read the openings of every day before it.
  const carry = new CarryReader(new NetOpeningsRepository(db));
  return {
    universeOn,
    /**
     * The simulated session of a trading day, parsed, with its net openings per contract (opening
     * minus closing volume of its prints, as the options market decides them: printOpens); an empty
     * report on a day without bars. `until` (HH:MM:SS) keeps only the trades before that time: the
     * demo's current day is packed up to the live session's start and the live player continues.
     */
    async day(
      date: string,
      until?: string,
    ): Promise<ParseReport<OptionsActivityRecord> & { netOpenings: Map<string, number> }> {
      const universe = await universeOn(date);
      const dayCarry = await carry.at(date);
      const parsed = ownRecordsReport(
        universe.length === 0
          ? []
          : simulateFlowDay({ date, universe, seed: simSeed, marketSeed: seed, carry: dayCarry }),
      );
      const report = until === undefined ? parsed : { ...parsed, rows: parsed.rows.filter((r) => r.time < until) };
      return { ...report, netOpenings: dayNetOpenings(report.rows, simSeed) };
    },
    /** A live generator for `date`: each call returns the records of one arrival (sometimes a burst). */
    async live(date: string, runId: string): Promise<(seq: number, secOfDay: number) => BenzingaWireRecord[]> {
      const universe = await universeOn(date);
      // A copy: the generator prices contracts for hours, whatever this source is asked afterwards.
      const state = new FlowDayState({
        date,
        universe,
        seed: simSeed,
        marketSeed: seed,
        carry: (await carry.at(date)).clone(),
      });
      return (seq, sec) =>
        universe.length === 0
          ? []
          : simulateTrades(state, `live-${runId}-${seq}`, sec, Math.min(1, Math.max(0, (sec - 34200) / 23400)));
    },
  };
}

/** A day's net openings per contract from its parsed prints (the rule of domain/options-market/open-interest.ts). */
export function dayNetOpenings(rows: readonly OptionsActivityRecord[], seed: number): Map<string, number> {
  return netOpeningsOf(
    rows.flatMap((r) =>
      r.optionSymbol === null
        ? []
        : [
            {
              id: r.id,
              contract: r.optionSymbol,
              size: r.size,
              volume: r.volume ?? r.size,
              openInterest: r.openInterest ?? 0,
            },
          ],
    ),
    seed,
  );
}
