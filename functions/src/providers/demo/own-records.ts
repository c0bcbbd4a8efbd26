/**
 * The simulator's own Benzinga records read back without the vendor schema.
 *
 * The demo writes its flow in the vendor's wire format so that the live parser has real work to do
 * (the live player's records still go through it). The backfill, though, reads back records it has
 * just written itself, hundreds of thousands of them, and validating each with the schema was about
 * 40% of a simulated day's CPU. This reads the same fields the same way; own-records.test.ts proves
 * it equal to parseBenzingaOptionsActivity on whole simulated days, legs of spreads included.
 */
import type { OptionsActivityRecord } from '../benzinga/options-activity.ts';
import type { ParseReport } from '../parse-report.ts';
import type { BenzingaWireRecord } from './flow-simulator.ts';

const textOrNull = (s: string): string | null => {
  const t = s.trim();
  return t === '' ? null : t;
};

export function activityOfOwnRecord(r: BenzingaWireRecord): OptionsActivityRecord {
  const row: OptionsActivityRecord = {
    id: r.id.trim(),
    date: r.date,
    time: r.time.trim(),
    ticker: r.ticker.trim().toUpperCase(),
    exchange: textOrNull(r.exchange),
    optionSymbol: textOrNull(r.option_symbol),
    putCall: r.put_call.trim().toLowerCase().startsWith('c') ? 'call' : 'put',
    strikePrice: Number(r.strike_price),
    dateExpiration: r.date_expiration,
    activityType: r.option_activity_type.trim().toLowerCase(),
    sentiment: r.sentiment.trim().toLowerCase() as OptionsActivityRecord['sentiment'],
    aggressorInd: Number(r.aggressor_ind),
    ask: Number(r.ask),
    bid: Number(r.bid),
    midpoint: Number(r.midpoint),
    price: Number(r.price),
    size: Number(r.size),
    volume: Number(r.volume),
    openInterest: Number(r.open_interest),
    underlyingPrice: Number(r.underlying_price),
    underlyingType: textOrNull(r.underlying_type),
    costBasisUsd: Number(r.cost_basis),
    tradeCount: Number(r.trade_count),
    description: textOrNull(r.description),
    updated: null,
  };
  if (r.conditions && r.conditions.length > 0) row.conditions = [...r.conditions];
  if (r.order_id) row.orderId = r.order_id.trim();
  return row;
}

/** A simulated session's records as the parse report the vendor parser would give (nothing skipped). */
export function ownRecordsReport(records: readonly BenzingaWireRecord[]): ParseReport<OptionsActivityRecord> {
  return { rows: records.map(activityOfOwnRecord), skipped: 0, skippedLines: [] };
}
