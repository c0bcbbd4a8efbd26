import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clockFor, dataMode } from '../platform/clock.ts';
import type { OptionsActivityRecord } from './benzinga/options-activity.ts';
import { DEMO_LIVE_SESSION_FROM, demoFlowSource } from './demo/flow-universe.ts';
import { hhmmss, type BenzingaWireRecord } from './demo/flow-simulator.ts';
import { providerFor } from './market-provider.ts';
import type { ParseReport } from './parse-report.ts';
import type { MarketDataProvider } from './provider.ts';

/**
 * The options-activity feed the flow jobs read, demo or live chosen here (as providerFor does for
 * the other data), so the jobs depend on this module and the provider interface only.
 */
export { DEMO_LIVE_SESSION_FROM };

/** Pages of a live vendor's day at most (1,000 records each). */
const MAX_PAGES = 200;

/**
 * One day's parsed records; the demo adds the day's net openings per contract (the simulator knows
 * which prints opened positions; a vendor's feed does not say, and live chains carry real open interest).
 */
export type DaySource = (
  date: string,
) => Promise<ParseReport<OptionsActivityRecord> & { netOpenings?: ReadonlyMap<string, number> }>;

/** All pages of one day from a vendor (Benzinga pages 1,000 records). */
function vendorDays(provider: MarketDataProvider): DaySource {
  return async (date) => {
    const rows: OptionsActivityRecord[] = [];
    let skipped = 0;
    const skippedLines: ParseReport<OptionsActivityRecord>['skippedLines'] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const p = await provider.optionsActivity(date, page);
      rows.push(...p.rows);
      skipped += p.skipped;
      skippedLines.push(...p.skippedLines.slice(0, 50 - skippedLines.length));
      if (!p.hasMore) break;
    }
    return { rows, skipped, skippedLines };
  };
}

export function flowDaySource(db: DynamoDBDocumentClient, provider?: MarketDataProvider): DaySource {
  if (provider) return vendorDays(provider);
  if (dataMode() === 'demo') {
    const demo = demoFlowSource(db);
    const today = clockFor().today();
    return (date) => demo.day(date, date === today ? DEMO_LIVE_SESSION_FROM : undefined);
  }
  return vendorDays(providerFor(db, clockFor()));
}

// A warm Lambda container keeps the simulator's universe (~500 series read once per container).
let demoSource: { db: DynamoDBDocumentClient; source: ReturnType<typeof demoFlowSource> } | undefined;
const demoSourceFor = (db: DynamoDBDocumentClient) =>
  (demoSource?.db === db ? demoSource : (demoSource = { db, source: demoFlowSource(db) })).source;

/**
 * The demo's simulated live session of `date`: each call returns the records of one arrival at
 * second `secOfDay` (sometimes a burst), stamped with the date and time.
 */
export async function demoLiveSession(
  db: DynamoDBDocumentClient,
  date: string,
  runId: string,
): Promise<(seq: number, secOfDay: number) => BenzingaWireRecord[]> {
  const next = await demoSourceFor(db).live(date, runId);
  return (seq, sec) => next(seq, sec).map((r) => ({ ...r, date, time: hhmmss(sec) }));
}
