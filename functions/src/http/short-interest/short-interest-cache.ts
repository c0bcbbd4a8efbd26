import type { ShortInterestTable, ShortInterestTop } from '@tapewatch/shared/schemas/short-interest';
import { NASDAQ_ONLY_MESSAGE } from '@tapewatch/shared/schemas/short-interest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import { DailyRowsRepository } from '../../data/daily-rows-repository.ts';
import { snapshots } from '../../data/snapshot-catalog.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { DAILY_SERIES } from '../../data/daily-series.ts';
import {
  isNasdaqListed,
  shortInterestTable,
  yearOfSettlements,
  type SettlementPoint,
  type ShortInterestSnapshot,
} from '../../domain/short-interest/short-interest-table.ts';
import { NotFoundError, NotReadyError } from '../../lib/errors.ts';
import { jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { memoize } from '../../lib/memo.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

export interface LatestTable {
  snapshot: ShortInterestSnapshot;
  /** One pre-serialised body per ordering: the table changes twice a month. */
  bodies: Record<ShortInterestTop, JsonText<ShortInterestTable>>;
}

// Settlements arrive twice a month: 5 minutes (the route's HTTP cache time) keeps reloads rare.
export const latestTable = memoize(300_000, async (): Promise<LatestTable> => {
  const snap = await new SnapshotRepository(documentClient()).latestOf(snapshots.shortInterest);
  if (!snap) throw new NotReadyError(snapshots.shortInterest.notReady);
  const { payload } = snap;
  return {
    snapshot: payload,
    bodies: {
      short: jsonText(shortInterestTable(payload, 'short')),
      days: jsonText(shortInterestTable(payload, 'days')),
      float: jsonText(shortInterestTable(payload, 'float')),
    },
  };
});

/** Unknown ticker -> 404; a listing outside NASDAQ -> 404 with the spec's NASDAQ-only text. */
export async function requireNasdaqTicker(symbol: string): Promise<DirectoryEntry> {
  const entry = await requireTicker(symbol);
  if (!isNasdaqListed(entry)) throw new NotFoundError(NASDAQ_ONLY_MESSAGE);
  return entry;
}

const seriesCache = new TtlLru<SettlementPoint[]>(500, 300_000);

/** The ticker's settlements of the year ending at the latest table's settlement date. */
export async function settlementsOf(symbol: string): Promise<SettlementPoint[]> {
  const { snapshot } = await latestTable();
  return seriesCache.get(`${symbol}|${snapshot.asOf}`, async () => {
    const fromYear = Number(snapshot.asOf.slice(0, 4)) - 1;
    const stored = await new DailyRowsRepository<SettlementPoint>(documentClient(), DAILY_SERIES.shortInterest).get(
      symbol,
      fromYear,
    );
    const keep = new Set(yearOfSettlements(stored, snapshot.asOf).map((p) => p.date));
    return stored.filter((p) => keep.has(p.date)).sort((a, b) => (a.date < b.date ? -1 : 1));
  });
}
