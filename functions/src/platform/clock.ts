import { DEMO_AS_OF, MARKET_TIME_ZONE } from '@tapewatch/shared/constants';

/**
 * All "today" logic goes through a clock. In demo mode the date is pinned to the last date of the
 * bundled data while the time of day follows the real New York clock, so the simulated session of
 * that day plays continuously.
 */
export interface Clock {
  readonly mode: 'demo' | 'live';
  /** The current instant (in demo mode: the pinned date at the current New York time of day). */
  now(): Date;
  /** Today's date in New York, YYYY-MM-DD. */
  today(): string;
}

const nyDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function newYorkDate(instant: Date): string {
  return nyDate.format(instant);
}

export const systemClock: Clock = {
  mode: 'live',
  now: () => new Date(),
  today: () => newYorkDate(new Date()),
};

export function demoClock(asOf: string = DEMO_AS_OF, realNow: () => Date = () => new Date()): Clock {
  const shiftTo = (instant: Date): Date => {
    // Move the instant by whole days so its New York date becomes asOf; keeps the wall-clock time.
    const days = Math.round((Date.parse(asOf) - Date.parse(newYorkDate(instant))) / 86_400_000);
    return new Date(instant.getTime() + days * 86_400_000);
  };
  return {
    mode: 'demo',
    now: () => shiftTo(realNow()),
    today: () => asOf,
  };
}

export type DataMode = 'demo' | 'live';

export function dataMode(env: NodeJS.ProcessEnv = process.env): DataMode {
  return env.TAPEWATCH_DATA_MODE === 'live' ? 'live' : 'demo';
}

export function clockFor(env: NodeJS.ProcessEnv = process.env): Clock {
  return dataMode(env) === 'live' ? systemClock : demoClock(env.TAPEWATCH_DEMO_AS_OF ?? DEMO_AS_OF);
}
