import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { runFlowReset } from '@tapewatch/functions/jobs/flow-reset';
import { demoFlowSource } from '@tapewatch/functions/providers/demo/flow-universe';
import { latestTradeTime, resumeSecond, SESSION_CLOSE_SEC } from '@tapewatch/functions/jobs/flow-live-session';

import { hhmmss } from '@tapewatch/functions/providers/demo/flow-simulator';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { startedEarly } from '@tapewatch/functions/lib/started-early';

// The session helpers live with the AWS poller, which plays the same demo session.
export { resumeSecond, secondOfDay, SESSION_CLOSE_SEC } from '@tapewatch/functions/jobs/flow-live-session';

export interface FlowPlayerOptions {
  db: DynamoDBDocumentClient;
  /** Mean arrivals per second (TAPEWATCH_FLOW_RATE, default 1; 0 = off). */
  rate: number;
  log?: (line: string) => void;
  fanout?: FlowFanout;
}

/**
 * The demo's simulated session clock: it starts at `startSec` (seconds since New York midnight)
 * and advances with real time; null once the session has closed. The demo date is pinned, so the
 * wall clock's time of day cannot be used: a live trade stamped 05:48 would sort below the packed
 * trades of the same day.
 */
export function sessionSecond(startSec: number, startedAtMs: number, nowMs: number): number | null {
  const sec = startSec + Math.floor(Math.max(0, nowMs - startedAtMs) / 1000);
  return sec < SESSION_CLOSE_SEC ? sec : null;
}

/**
 * Plays the demo's live session: Poisson arrivals at `rate` per second (a sweep sometimes prints a
 * burst of 2-6 trades at once, and now and then a flurry of arrivals comes 50-150 ms apart), each
 * stamped with the demo clock's date and the simulated session time, through the real live ingest
 * (vendor records -> parser -> flow table -> coalesced fan-out). The session runs from noon (where
 * the packed day ends) to 16:00; at the close the daily reset clears the live trades, tells the
 * clients (database_cleared) and the session starts again at noon.
 */
export function startFlowPlayer(opts: FlowPlayerOptions): { stop: () => void; played: () => number } {
  const clock = clockFor();
  const fanout = opts.fanout ?? new FlowFanout(opts.db);
  const runId = randomBytes(4).toString('hex');
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let seq = 0;
  let played = 0;
  let flurry = 0;
  // Awaited by every tick: handled from now, so a failed start is each tick's logged error, not a crash.
  const generator = startedEarly(demoFlowSource(opts.db).live(clock.today(), runId));
  const session = startedEarly(
    latestTradeTime(opts.db, clock.today()).then((latest) => ({
      startSec: resumeSecond(latest),
      startedAt: Date.now(),
      resetting: false,
    })),
  );

  const tick = async (): Promise<void> => {
    if (stopped) return;
    // The next arrival is scheduled before this one is written: a slow write (a busy machine) must
    // not lower the arrival rate, as a vendor feed would not slow down either.
    if (flurry === 0 && Math.random() < 0.03) flurry = 3 + Math.floor(Math.random() * 6);
    let delayMs = (-Math.log(1 - Math.random()) / opts.rate) * 1000;
    if (flurry > 0) {
      flurry -= 1;
      delayMs = 50 + Math.random() * 100;
    }
    timer = setTimeout(() => void tick(), delayMs);
    try {
      const [next, s] = await Promise.all([generator, session]);
      const sec = sessionSecond(s.startSec, s.startedAt, Date.now());
      if (sec === null) {
        // Arrivals overlap now: only the first to see the close resets the session.
        if (s.resetting) return;
        s.resetting = true;
        try {
          await runFlowReset(undefined, { db: opts.db });
        } finally {
          s.startSec = resumeSecond(null);
          s.startedAt = Date.now();
          s.resetting = false;
        }
        opts.log?.('  flow player: the simulated session closed; live trades cleared, starting again at noon');
      } else {
        const records = next(seq++, sec).map((r) => ({ ...r, date: clock.today(), time: hhmmss(sec) }));
        played += (await ingestLiveRecords({ option_activity: records }, fanout, opts.db)).length;
      }
    } catch (err) {
      opts.log?.(`  flow player: ${(err as Error).message}`);
    }
  };
  if (opts.rate > 0) timer = setTimeout(() => void tick(), 500);
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    played: () => played,
  };
}

export function flowRateFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const rate = Number(env.TAPEWATCH_FLOW_RATE ?? 1);
  return Number.isFinite(rate) && rate >= 0 ? rate : 1;
}
