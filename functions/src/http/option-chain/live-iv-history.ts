import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import { documentClient } from '../../data/client.ts';
import { DailyRowsRepository } from '../../data/daily-rows-repository.ts';
import { DAILY_SERIES, type AtmIvRow } from '../../data/daily-series.ts';
import { atm30FromTermStructure } from '../../domain/volatility/atm30.ts';
import { IV_WINDOW_SESSIONS } from '../../domain/volatility/iv-rank.ts';
import { termStructure } from '../../domain/volatility/term-structure.ts';

/**
 * Live mode's IV history: the daily 30-day ATM IV the atm-iv job stored before the chain's day (from
 * the first live day on, so shorter than a year at first), then the live chain's own 30-day ATM IV,
 * read the way the job reads it. Null when the chain gives no ATM IV.
 */
export async function liveIvHistory(
  chain: OptionChain,
  fromYear: number,
): Promise<{ date: string[]; atmIv: number[] } | null> {
  const now = atm30FromTermStructure(termStructure(chain));
  if (now === null) return null;
  const date = chain.as_of.slice(0, 10);
  const stored = await new DailyRowsRepository<AtmIvRow>(documentClient(), DAILY_SERIES.atmIv).get(
    chain.ticker,
    fromYear,
  );
  const before = stored.filter((r) => r.date < date).slice(-(IV_WINDOW_SESSIONS - 1));
  return { date: [...before.map((r) => r.date), date], atmIv: [...before.map((r) => r.atm_iv), now] };
}
