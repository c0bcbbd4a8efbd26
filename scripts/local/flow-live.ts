import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { demoFlowSource } from '@tapewatch/functions/jobs/flow-universe';
import { hhmmss } from '@tapewatch/functions/providers/demo/flow-simulator';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { MARKET_TIME_ZONE } from '@tapewatch/shared/constants';

export interface FlowPlayerOptions {
  db: DynamoDBDocumentClient;
  /** Mean arrivals per second (TAPEWATCH_FLOW_RATE, default 1; 0 = off). */
  rate: number;
  log?: (line: string) => void;
  fanout?: FlowFanout;
}

const nyTime = new Intl.DateTimeFormat('en-GB', { timeZone: MARKET_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** Seconds since New York midnight of an instant. */
export function nySecondOfDay(instant: Date): number {
  const [h, m, s] = nyTime.format(instant).split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

/**
 * Plays the demo's live session: Poisson arrivals at `rate` per second (a sweep sometimes prints a
 * burst of 2-6 trades at once, and now and then a flurry of arrivals comes 50-150 ms apart), each
 * stamped with the demo clock's date and the current New York time, through the real live ingest
 * (vendor records -> parser -> flow table -> coalesced fan-out).
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
  const generator = demoFlowSource(opts.db).live(clock.today(), runId);

  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      const next = await generator;
      const sec = nySecondOfDay(clock.now());
      const records = next(seq++, sec).map((r) => ({ ...r, date: clock.today(), time: hhmmss(sec) }));
      played += (await ingestLiveRecords({ option_activity: records }, fanout, opts.db)).length;
    } catch (err) {
      opts.log?.(`  flow player: ${(err as Error).message}`);
    }
    if (flurry === 0 && Math.random() < 0.03) flurry = 3 + Math.floor(Math.random() * 6);
    const delayMs = flurry > 0 ? (flurry--, 50 + Math.random() * 100) : (-Math.log(1 - Math.random()) / opts.rate) * 1000;
    if (!stopped) timer = setTimeout(() => void tick(), delayMs);
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
