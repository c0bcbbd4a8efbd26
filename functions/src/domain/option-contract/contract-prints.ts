import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { ContractPrint, PrintSideName } from '@tapewatch/shared/schemas/option-contract';
import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import { printPnl, printSide, type Side } from '../alerts/print-outcomes.ts';

const SIDE_NAMES: Record<Side, PrintSideName> = { 1: 'bought', [-1]: 'sold', 0: 'unknown' };

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
