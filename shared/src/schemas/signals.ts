import { z } from 'zod';

import { SIGNAL_FACTORS } from '../signal-factors.ts';
import { SIGNAL_SECTORS, SIGNAL_TIMEFRAMES } from '../params/signals.ts';

export * from '../params/signals.ts';
export const signalFactorIds = SIGNAL_FACTORS.map((f) => f.id) as [
  (typeof SIGNAL_FACTORS)[number]['id'],
  ...(typeof SIGNAL_FACTORS)[number]['id'][],
];

/**
 * One signal generated on the latest date, with the single-stock page's out-of-sample figures:
 * period is the horizon chosen walk-forward at this signal, in bars of the timeframe (days or weeks);
 * expected_ret and profitable% are the mean return and share of winners of the walk-forward trades,
 * in percent (3.5 = 3.5%); profit_loss_ratio is null when no such trade lost (shown as infinity); sector is null for
 * tickers outside the 11 sectors (index ETFs); marketcap is in dollars, null when unknown.
 */
export const signalRowSchema = z.object({
  date: z.string(),
  ticker: z.string(),
  expected_ret: z.number(),
  profit_loss_ratio: z.number().nullable(),
  'profitable%': z.number(),
  period: z.number().int().positive(),
  timeframe: z.enum(SIGNAL_TIMEFRAMES),
  factor: z.enum(signalFactorIds),
  sector: z.enum(SIGNAL_SECTORS).nullable(),
  marketcap: z.number().nullable(),
});
export type SignalRow = z.infer<typeof signalRowSchema>;

/** The signal rows (spec part 2 section 7.3: "signal rows"); empty when nothing fired on the latest date. */
export const signalsResponse = z.array(signalRowSchema);
export type SignalsData = z.infer<typeof signalsResponse>;
