import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { ContractPrint, PrintSideName } from '@tapewatch/shared/schemas/option-contract';
import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import { printPnl, printSide, type Side } from '../alerts/print-outcomes.ts';

const SIDE_NAMES: Record<Side, PrintSideName> = { 1: 'bought', [-1]: 'sold', 0: 'unknown' };

/**
 * Each day's prints by contract, made once per day's list: a ticker-day stays cached (a minute, data/
 * ticker-day-cache.ts) while contract after contract of the ticker is asked about, and naming every
 * print of a busy ticker's 21 sessions for each request was most of a contract answer's CPU.
 */
const byContract = new WeakMap<readonly FlowTrade[], Map<string, FlowTrade[]>>();

function contractIndex(day: readonly FlowTrade[]): Map<string, FlowTrade[]> {
  let index = byContract.get(day);
  if (index) return index;
  index = new Map();
  for (const t of day) {
    const symbol = occSymbolOfPrint(t);
    const list = index.get(symbol);
    if (list) list.push(t);
    else index.set(symbol, [t]);
  }
  byContract.set(day, index);
  return index;
}

/** The prints of one contract (OCC symbol) among days of a ticker's prints, day by day. */
export function printsOfContract(days: readonly (readonly FlowTrade[])[], symbol: string): FlowTrade[] {
  return days.flatMap((day) => contractIndex(day).get(symbol) ?? []);
}

/**
 * The prints of one contract, newest first, each with its P&L marked at `mark` (today's mid):
 * (mark - price) x size x 100, signed by the side the print took (printSide: at or above the ask
 * bought, at or below the bid sold). A print between bid and ask (a mid print) has no known side:
 * calling it bought or sold would be a coin toss, so it gets no P&L and counts in no total.
 */
export function contractPrints(
  trades: readonly FlowTrade[],
  symbol: string,
  mark: number | null,
): { prints: ContractPrint[]; pnlTotal: number } {
  const prints: ContractPrint[] = [];
  let pnlTotal = 0;
  for (const t of trades) {
    if (occSymbolOfPrint(t) !== symbol) continue;
    const side = printSide(t.price, t.bid, t.ask);
    const pnl = side === 0 || mark === null ? null : Math.round(printPnl(side, t.price, t.size, mark) * 100) / 100;
    if (pnl !== null) pnlTotal += pnl;
    prints.push({
      key: t.key,
      date: t.date,
      time: t.time,
      price: t.price,
      size: t.size,
      bid: t.bid,
      ask: t.ask,
      fill: t.fill,
      cost_basis: t.cost_basis,
      side: SIDE_NAMES[side],
      pnl,
    });
  }
  prints.sort((a, b) => (a.date === b.date ? b.time.localeCompare(a.time) : b.date.localeCompare(a.date)));
  return { prints, pnlTotal: Math.round(pnlTotal * 100) / 100 };
}
