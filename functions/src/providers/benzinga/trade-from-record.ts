import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { classifyFill, daysToExpiry, sentimentOf } from '../../domain/flow/classify.ts';
import { printGreeks } from '../../domain/flow/print-greeks.ts';
import { flowScore } from '../../domain/flow/score.ts';
import type { OptionsActivityRecord } from './options-activity.ts';

const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;

function activityLabel(type: string): string {
  if (type === 'sweep') return 'Sweep';
  if (type === 'block') return 'Block';
  if (type === 'trade' || type === '') return 'Trade';
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/**
 * The product's trade from a vendor record: premium in thousands, fill, sentiment and score
 * derived here (the vendor's own sentiment is ignored so every trade is judged the same way).
 */
export function tradeFromRecord(r: OptionsActivityRecord): FlowTrade {
  const putCall = r.putCall === 'call' ? 'Call' : 'Put';
  const price = r.price ?? r.midpoint ?? (r.size > 0 ? r.costBasisUsd / (r.size * 100) : 0);
  const fill = classifyFill(price, r.bid, r.ask, r.aggressorInd);
  const dte = daysToExpiry(r.date, r.dateExpiration);
  const openInterest = r.openInterest ?? 0;
  const midpoint = r.midpoint ?? (r.bid !== null && r.ask !== null ? round((r.bid + r.ask) / 2, 4) : null);
  const trade: FlowTrade = {
    key: r.id,
    ticker: r.ticker,
    date: r.date,
    time: r.time,
    put_call: putCall,
    strike_price: r.strikePrice,
    date_expiration: r.dateExpiration,
    DTE: dte,
    option_activity_type: activityLabel(r.activityType),
    exchange: r.exchange,
    aggressor_ind: r.aggressorInd,
    ask: r.ask,
    bid: r.bid,
    midpoint,
    price: round(price, 4),
    size: r.size,
    volume: r.volume ?? r.size,
    open_interest: openInterest,
    underlying_price: r.underlyingPrice,
    cost_basis: round(r.costBasisUsd / 1000, 3),
    trade_count: r.tradeCount ?? 1,
    fill,
    sentiment: sentimentOf(putCall, fill),
    score: flowScore({
      premiumUsd: r.costBasisUsd,
      size: r.size,
      openInterest,
      fill,
      activityType: r.activityType,
      dte,
    }),
    ...(r.conditions ? { conditions: r.conditions } : {}),
    ...(r.orderId ? { order_id: r.orderId } : {}),
  };
  // Set on the trade itself: a copy with new fields (`{ ...trade, ...greeks }`) is V8's slow path on
  // Node 20, tens of microseconds a trade, and this runs for every print ingested.
  const greeks = printGreeks(trade);
  if (greeks) {
    trade.iv = greeks.iv;
    trade.delta = greeks.delta;
  }
  return trade;
}
