import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../data/client.ts';
import { LiveCursorRepository, type LiveCursor } from '../data/live-cursor-repository.ts';
import { tradeFromRecord } from '../providers/benzinga/trade-from-record.ts';
import { createLogger } from '../lib/log.ts';
import { clockFor, type Clock } from '../platform/clock.ts';
import type { OptionsActivityRecord } from '../providers/benzinga/options-activity.ts';
import type { MarketDataProvider } from '../providers/provider.ts';
import { emitJobMetric } from './job-metrics.ts';
import { FlowFanout, ingestLiveRecords, publishLiveTrades } from './flow-live.ts';
import {
  latestTradeTime,
  newYorkSecond,
  poisson,
  resumeSecond,
  SESSION_CLOSE_SEC,
  SESSION_OPEN_SEC,
} from './flow-live-session.ts';
import { demoLiveSession, DEMO_LIVE_SESSION_FROM } from '../providers/flow-feed.ts';
import { providerFor } from '../providers/market-provider.ts';

/**
 * The live feed on AWS. A Lambda cannot hold a feed open all day, so EventBridge Scheduler starts
 * this job every minute of the session and each run polls for just under a minute: the vendor
 * every few seconds for records updated since the stored cursor (live mode), or the flow simulator
 * second by second (demo mode, from noon, where the demo's packed day ends). New trades go through
 * the same live path as the local runtime's player: flow table + coalesced fan-out.
 */
export const POLL_BUDGET_MS = 55_000;
export const DEMO_STEP_MS = 1_000;
export const VENDOR_POLL_MS = 3_000;
/** Demo arrivals per second (the local player's default rate). */
export const DEMO_RATE = 1;
/** A run that starts long after the last played second (the job was off) does not replay the gap at once. */
export const MAX_CATCH_UP_SEC = 60;
const MAX_PAGES_PER_POLL = 10;

export interface LivePollDeps {
  db: DynamoDBDocumentClient;
  clock: Clock;
  fanout: FlowFanout;
  provider?: MarketDataProvider;
  budgetMs: number;
  sleep: (ms: number) => Promise<void>;
  nowMs: () => number;
  random: () => number;
}

const defaultDeps = (): LivePollDeps => {
  const db = documentClient();
  return {
    db,
    clock: clockFor(),
    fanout: new FlowFanout(db),
    budgetMs: POLL_BUDGET_MS,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    nowMs: () => Date.now(),
    random: Math.random,
  };
};

/** Plays the demo's simulated session from the last stored trade on, second by second, for one run. */
export async function pollDemoSession(d: LivePollDeps): Promise<number> {
  const today = d.clock.today();
  if (newYorkSecond(d.clock.now()) < resumeSecond(null)) return 0;
  const next = await demoLiveSession(d.db, today, randomBytes(4).toString('hex'));
  let played = resumeSecond(await latestTradeTime(d.db, today)) - 1;
  let seq = 0;
  let count = 0;
  const started = d.nowMs();
  for (;;) {
    const sec = Math.min(newYorkSecond(d.clock.now()), SESSION_CLOSE_SEC - 1);
    played = Math.max(played, sec - MAX_CATCH_UP_SEC);
    const records = [];
    for (let s = played + 1; s <= sec; s += 1) {
      for (let k = poisson(DEMO_RATE, d.random); k > 0; k -= 1) records.push(...next(seq++, s));
    }
    played = Math.max(played, sec);
    if (records.length > 0) count += (await ingestLiveRecords({ option_activity: records }, d.fanout, d.db)).length;
    if (d.nowMs() - started + DEMO_STEP_MS > d.budgetMs || sec >= SESSION_CLOSE_SEC - 1) break;
    await d.sleep(DEMO_STEP_MS);
  }
  return count;
}

/** Records not yet published: newer than the cursor, or at its second with an unseen id. */
export function unseen(records: readonly OptionsActivityRecord[], cursor: LiveCursor | null): OptionsActivityRecord[] {
  if (!cursor) return [...records];
  const seen = new Set(cursor.idsAtUpdated);
  return records.filter(
    (r) => r.updated === null || r.updated > cursor.updated || (r.updated === cursor.updated && !seen.has(r.id)),
  );
}

export function advance(
  cursor: LiveCursor | null,
  date: string,
  records: readonly OptionsActivityRecord[],
): LiveCursor | null {
  let next = cursor;
  for (const r of records) {
    if (r.updated === null) continue;
    if (!next || r.updated > next.updated) next = { date, updated: r.updated, idsAtUpdated: [r.id] };
    else if (r.updated === next.updated && !next.idsAtUpdated.includes(r.id))
      next = { ...next, idsAtUpdated: [...next.idsAtUpdated, r.id] };
  }
  return next;
}

/** Polls the vendor for records updated since the stored cursor, every few seconds, for one run. */
export async function pollVendor(d: LivePollDeps): Promise<number> {
  const provider = d.provider ?? providerFor(d.db, d.clock);
  const today = d.clock.today();
  const sec = newYorkSecond(d.clock.now());
  if (sec < SESSION_OPEN_SEC || sec >= SESSION_CLOSE_SEC) return 0;
  const cursors = new LiveCursorRepository(d.db);
  let cursor = await cursors.get(today);
  let count = 0;
  const started = d.nowMs();
  for (;;) {
    const fresh: OptionsActivityRecord[] = [];
    for (let page = 0; page < MAX_PAGES_PER_POLL; page += 1) {
      const p = await provider.optionsActivity(today, page, cursor?.updated);
      fresh.push(...unseen(p.rows, cursor).filter((r) => r.date === today));
      if (!p.hasMore) break;
    }
    if (fresh.length > 0) {
      count += (await publishLiveTrades(fresh.map(tradeFromRecord), d.fanout, d.db)).length;
      cursor = advance(cursor, today, fresh);
      if (cursor) await cursors.save(cursor);
    }
    if (d.nowMs() - started + VENDOR_POLL_MS > d.budgetMs) break;
    await d.sleep(VENDOR_POLL_MS);
  }
  return count;
}

export async function runFlowLivePoll(
  _event?: unknown,
  deps: Partial<LivePollDeps> = {},
): Promise<{ published: number }> {
  const d = { ...defaultDeps(), ...deps };
  const log = createLogger({ job: 'flow-live-poll' });
  const published = d.clock.mode === 'demo' ? await pollDemoSession(d) : await pollVendor(d);
  // Everything queued reaches the sockets before the invocation ends (a frozen Lambda sends nothing).
  await d.fanout.flush();
  log.info('live poll done', { published, mode: d.clock.mode, from: DEMO_LIVE_SESSION_FROM });
  return { published };
}

export const handler = async (event?: unknown) => {
  const out = await runFlowLivePoll(event);
  // A live feed has no dataset date: a successful run is what the did-not-run alarm counts.
  emitJobMetric({ job: 'flow-live-poll', ageDays: 0 });
  return out;
};
export const run = runFlowLivePoll;
