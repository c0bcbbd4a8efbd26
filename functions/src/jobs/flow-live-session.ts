import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MARKET_TIME_ZONE } from '@tapewatch/shared/constants';
import { FlowRepository } from '../data/flow-repository.ts';
import { DEMO_LIVE_SESSION_FROM } from '../providers/flow-feed.ts';

/**
 * Session-time helpers shared by the live feeds: the local runtime's demo player (a long-lived
 * process) and the AWS poller (a Lambda started every minute of the session).
 */

/** The regular session: 09:30 to 16:00 New York. */
export const SESSION_OPEN_SEC = 9.5 * 3600;
export const SESSION_CLOSE_SEC = 16 * 3600;

export const secondOfDay = (hms: string): number => {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

const nyTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Seconds since New York midnight of an instant. */
export function newYorkSecond(instant: Date): number {
  return secondOfDay(nyTime.format(instant));
}

/** Where a (re)started demo session picks up: after the live session's start and after any trade already stored today. */
export function resumeSecond(latestTimeToday: string | null): number {
  const from = secondOfDay(DEMO_LIVE_SESSION_FROM);
  return latestTimeToday === null ? from : Math.max(from, secondOfDay(latestTimeToday) + 1);
}

/** The time of the day's newest stored trade (packed or live), or null before the first. */
export async function latestTradeTime(db: DynamoDBDocumentClient, date: string): Promise<string | null> {
  const { trades } = await new FlowRepository(db).readDay(date);
  let latest: string | null = null;
  for (const t of trades) if (latest === null || t.time > latest) latest = t.time;
  return latest;
}

/** Knuth's Poisson draw: arrivals in one second at `rate` per second (small rates only). */
export function poisson(rate: number, random: () => number): number {
  const limit = Math.exp(-rate);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}
