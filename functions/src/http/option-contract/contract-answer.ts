import { CONTRACT_WINDOW_SESSIONS, type OptionContractData } from '@tapewatch/shared/schemas/option-contract';
import { parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { readTickerDayCached } from '../../data/ticker-day-cache.ts';
import { dayNumber } from '../../domain/calendar/dates.ts';
import { previousTradingDay } from '../../domain/calendar/nyse.ts';
import { chainInputFrom } from '../../domain/option-chain/chain-input.ts';
import { contractDay } from '../../domain/option-contract/contract-day.ts';
import { contractPrints, printsOfContract } from '../../domain/option-contract/contract-prints.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { startedEarly } from '../../lib/started-early.ts';
import { KeptJson } from '../../lib/kept-json.ts';
import { TtlLru } from '../../lib/lru.ts';
import { clockFor, dataMode } from '../../platform/clock.ts';
import { chainInputOf, contractDaysOf } from '../option-chain/chain-source.ts';

export const LIVE_HISTORY_NOTE =
  'Live data: the vendors serve the current option chain only and no daily contract history is stored, so this page shows today alone.';

/** The window's sessions before `date`, oldest first (CONTRACT_WINDOW_SESSIONS with `date`). */
function sessionsBefore(date: string): string[] {
  const out: string[] = [];
  let d = date;
  for (let i = 1; i < CONTRACT_WINDOW_SESSIONS; i += 1) out.unshift((d = previousTradingDay(d)));
  return out;
}

/** A past session's close never changes: one contract's history per chain snapshot, kept an hour. */
const histories = new TtlLru<OptionContractData['history']>(256, 3_600_000);

async function historyOf(entry: DirectoryEntry, symbol: string, asOf: string, dates: readonly string[]) {
  return histories.get(`${symbol}|${asOf}`, async () => {
    const reports = await contractDaysOf(entry, symbol, dates);
    if (!reports) return null;
    const kind = entry.kind === 'etf' ? 'etf' : 'stock';
    return reports.flatMap((r) => {
      const input = chainInputFrom(entry.symbol, kind, r, dataMode());
      const day = input && contractDay(input, symbol);
      return day ? [day] : [];
    });
  });
}

/**
 * The contract page's answer: today's chain row, the window's daily history and the window's prints
 * with their P&L at today's mid. 404 for an expired contract or one today's chain does not list.
 */
export async function contractAnswer(entry: DirectoryEntry, symbol: string): Promise<OptionContractData> {
  const o = parseOccSymbol(symbol)!;
  const today = clockFor().today();
  if (o.expiry < today)
    throw new NotFoundError(`${symbol} expired on ${o.expiry}: contract pages cover contracts still listed.`);
  const input = await chainInputOf(entry);
  const now = contractDay(input, symbol);
  if (!now)
    throw new NotFoundError(
      `${entry.symbol} lists no ${o.strike} ${o.type} expiring ${o.expiry} today: its option chain shows the listed contracts.`,
    );
  const before = sessionsBefore(now.date);
  // The prints are read while the history is built (both wait on the store).
  const days = startedEarly(Promise.all([...before, now.date].map((d) => readTickerDayCached(entry.symbol, d, today))));
  const history = await historyOf(entry, symbol, input.asOf, before);
  const { prints, pnlTotal } = contractPrints(printsOfContract(await days, symbol), symbol, now.mid);
  return {
    symbol,
    ticker: entry.symbol,
    type: o.type,
    strike: o.strike,
    expiration: o.expiry,
    dte: dayNumber(o.expiry) - dayNumber(now.date),
    as_of: input.asOf,
    price_basis: input.priceBasis,
    today: now,
    history,
    history_note: history === null ? LIVE_HISTORY_NOTE : null,
    prints,
    pnl_total: pnlTotal,
    from: before[0] ?? now.date,
  };
}

/**
 * Answers kept as JSON bytes and compressed forms for 5 s per contract (today's prints are read at
 * most 5 s stale anyway: data/ticker-day-cache.ts), so a contract asked for again costs a lookup.
 */
const kept = new TtlLru<KeptJson>(256, 5_000);

export function keptContractAnswer(entry: DirectoryEntry, symbol: string): Promise<KeptJson> {
  return kept.get(symbol, async () => new KeptJson(await contractAnswer(entry, symbol)));
}
