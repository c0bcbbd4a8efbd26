import type { ShortInterestTable, ShortInterestTop } from '@tapewatch/shared/schemas/short-interest';
import { NASDAQ_ONLY_MESSAGE } from '@tapewatch/shared/schemas/short-interest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import { DailyRowsRepository } from '../../data/daily-rows-repository.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { isNasdaqListed, shortInterestTable, yearOfSettlements, type SettlementPoint, type ShortInterestSnapshot } from '../../domain/short-interest/short-interest-table.ts';
import { SHORT_INTEREST_SNAPSHOT } from '../../jobs/short-interest-precompute.ts';
import { NotFoundError, NotReadyError } from '../../lib/errors.ts';
import { jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { memoize } from '../../lib/memo.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

// Duplicated from jobs/short-interest.ts on purpose: importing the job would pull the provider
// stack into every short-interest Lambda.
const SHORT_INTEREST_SERIES = 'shortint';

export interface LatestTable {
  snapshot: ShortInterestSnapshot;
  /** One pre-serialised body per ordering: the table changes twice a month. */
  bodies: Record<ShortInterestTop, JsonText<ShortInterestTable>>;
}

// Settlements arrive twice a month: 5 minutes (the route's HTTP cache time) keeps reloads rare.
export const latestTable = memoize(300_000, async (): Promise<LatestTable> => {
  const snap = await new SnapshotRepository(documentClient()).latest<ShortInterestSnapshot>(SHORT_INTEREST_SNAPSHOT);
  if (!snap) throw new NotReadyError('Short interest is being loaded. Please try again in a minute.');
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
    const stored = await new DailyRowsRepository<SettlementPoint>(documentClient(), SHORT_INTEREST_SERIES).get(symbol, fromYear);
    const keep = new Set(yearOfSettlements(stored, snapshot.asOf).map((p) => p.date));
    return stored.filter((p) => keep.has(p.date)).sort((a, b) => (a.date < b.date ? -1 : 1));
  });
}
