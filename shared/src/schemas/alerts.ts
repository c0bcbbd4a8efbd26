import { z } from 'zod';
import { compileFilters } from '../flow/filters.ts';
import { ALERT_LIMITS, PAUSE_REASONS } from '../alerts/limits.ts';
import { FLOW_FILTER_LIMITS, flowFilterInput, flowFilterSchema, flowTradeSchema } from './flow.ts';
import { userName } from './names.ts';
import { watchlistId } from './watchlists.ts';

/** A rule id as the server generates it. */
export const alertRuleId = z.string().regex(/^[a-z0-9]{6,24}$/, 'expected an alert id');

/**
 * The rule a user edits: a name and the Options Flow filters, in the very model of that page (same
 * zod schema, same engine), optionally limited to the tickers of one of their watchlists. Filters
 * that the engine cannot apply (a word where a number belongs) are refused here, not at match time.
 */
export const alertRuleInput = z
  .strictObject({
    name: userName(ALERT_LIMITS.nameLength, 'give the alert a name'),
    filters: z.array(flowFilterInput).max(FLOW_FILTER_LIMITS.filters, `at most ${FLOW_FILTER_LIMITS.filters} filters`),
    watchlist_id: watchlistId.nullable().optional(),
  })
  .superRefine((rule, ctx) => {
    // Per rule, not per filter: 50 filters of 200 tickers each would still be a large item.
    const tickers = rule.filters.reduce((sum, f) => sum + (f.tickers?.length ?? 0), 0);
    if (tickers > FLOW_FILTER_LIMITS.tickers) {
      ctx.addIssue({
        code: 'custom',
        path: ['filters'],
        message: `at most ${FLOW_FILTER_LIMITS.tickers} tickers in one alert (${tickers} sent); a watchlist holds more`,
      });
      return;
    }
    const { errors } = compileFilters(rule.filters.map((f) => ({ ...f, value: f.value ?? null })));
    if (errors.length > 0) ctx.addIssue({ code: 'custom', path: ['filters'], message: errors.join('; ') });
  });
export type AlertRuleInput = z.infer<typeof alertRuleInput>;

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.array(flowFilterSchema),
  watchlist_id: z.string().nullable(),
  status: z.enum(['active', 'paused']),
  paused_reason: z.enum(PAUSE_REASONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRulesResponse = z.object({
  rules: z.array(alertRuleSchema),
  limits: z.object({ activeRules: z.number(), storedRules: z.number() }),
  /** Set when the rules are paused because the plan ended: the screen says why. */
  plan_message: z.string().nullable(),
});
export type AlertRulesResponse = z.infer<typeof alertRulesResponse>;

export const alertRuleResponse = z.object({ rule: alertRuleSchema });

export const updateAlertRuleBody = z.strictObject({ id: alertRuleId, rule: alertRuleInput });
export const alertRuleStatusBody = z.strictObject({ id: alertRuleId, status: z.enum(['active', 'paused']) });
export const alertRuleIdBody = z.strictObject({ id: alertRuleId });
export const deleteAlertRuleResponse = z.object({ deleted: z.string() });

/**
 * One fired alert: the rule (as named when it fired) and the trade. A "N more trades matched" item
 * (issue 35: past the in-app allowance of a minute or a day) also has `more`, the matches it folded
 * in that window, and `more_window`; its rule and trade are the newest folded match's.
 */
export const firedAlertSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  fired_at: z.string(),
  read: z.boolean(),
  trade: flowTradeSchema,
  more: z.number().int().positive().optional(),
  more_window: z.enum(['minute', 'day']).optional(),
});
export type FiredAlert = z.infer<typeof firedAlertSchema>;

/** A fired alert's id: its fire time and its own id (the sort key of the user's history). */
const FIRED_ALERT_ID = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z#[a-z0-9]{1,24}$/;

export const alertHistoryQuery = z.strictObject({
  rule_id: alertRuleId.optional(),
  /** The `next` of the previous page: alerts fired before it. */
  before: z.string().regex(FIRED_ALERT_ID, 'expected the next cursor of a history page').optional(),
});
export const alertHistoryResponse = z.object({
  alerts: z.array(firedAlertSchema),
  /** Cursor of the next (older) page, or null on the last one. */
  next: z.string().nullable(),
  /** Unread alerts of the whole history (the bell's count), whatever the rule filter. */
  unread: z.number().int(),
});
export type AlertHistoryResponse = z.infer<typeof alertHistoryResponse>;

/** Marks the listed alerts read (at most ALERT_LIMITS.markReadIds: one BatchGet), or all of them when no ids are sent. */
export const markAlertsReadBody = z.strictObject({
  ids: z
    .array(z.string().regex(FIRED_ALERT_ID, 'expected the id of a fired alert'))
    .max(ALERT_LIMITS.markReadIds, `at most ${ALERT_LIMITS.markReadIds} alerts at a time`)
    .optional(),
});
export const markAlertsReadResponse = z.object({ unread: z.number().int() });

/** The signed token of an email's pause link (opaque to the browser). */
export const pauseFromEmailBody = z.strictObject({ token: z.string().min(10).max(600) });
export const pauseFromEmailResponse = z.object({ rule_name: z.string(), status: z.enum(['paused', 'already_paused']) });

export const backtestBody = z.strictObject({ rule: alertRuleInput });

const directionStats = z.object({
  /** Bullish prints (bought calls, sold puts) with a close that far ahead; the share after which the underlying rose. */
  bullish: z.object({ prints: z.number().int(), rose: z.number().nullable() }),
  /** Bearish prints (bought puts, sold calls) with a close that far ahead; the share after which it fell. */
  bearish: z.object({ prints: z.number().int(), fell: z.number().nullable() }),
  /** Share of those prints whose direction the underlying then took, 0..1; null without prints. */
  hit: z.number().nullable(),
});

const pnlSummary = z.object({
  /** Sided prints of the sample with a mark at this horizon. */
  prints: z.number().int(),
  /** Their summed P&L and premium, dollars. */
  pnl: z.number(),
  premium: z.number(),
  /** pnl / premium; null without prints. */
  return: z.number().nullable(),
  /** Share of prints that made money; null without prints. */
  winners: z.number().nullable(),
});
const pnlHorizons = z.object({ d1: pnlSummary, d5: pnlSummary, d20: pnlSummary });

/** A print the backtest caught, with what it did for whoever took it (issue 39 item 4). */
export const backtestPrint = z.object({
  date: z.string(),
  time: z.string(),
  ticker: z.string(),
  put_call: z.string(),
  strike_price: z.number(),
  date_expiration: z.string(),
  price: z.number(),
  size: z.number(),
  /** Premium, thousands of dollars (the flow's cost_basis). */
  premium: z.number(),
  option_activity_type: z.string(),
  /** At or above the ask: bought; at or below the bid: sold; between: unknown (null). */
  side: z.enum(['bought', 'sold']).nullable(),
  /** Option P&L in dollars, (mark - price) x size x 100 signed by the side, 1, 5 and 20 trading days on (or at expiry). */
  pnl: z.object({ d1: z.number().nullable(), d5: z.number().nullable(), d20: z.number().nullable() }),
});
export type BacktestPrint = z.infer<typeof backtestPrint>;

export const backtestResponse = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  days: z.number().int(),
  scanned: z.number().int(),
  fired: z.number().int(),
  /** fired / days. */
  fires_per_day: z.number(),
  /** The rule fires so often that its alerts are noise (more than `noise_per_day` a day on average). */
  noisy: z.boolean(),
  noise_per_day: z.number(),
  /** The flow is the demo's simulation, not a vendor's tape. */
  simulated: z.boolean(),
  per_day: z.array(z.object({ date: z.string(), fires: z.number().int() })),
  /** Caught prints sampled across the whole history (oldest first), with their P&L. */
  prints: z.array(backtestPrint),
  /** How often the underlying went the caught prints' way, against all prints of the same tickers. */
  direction: z.object({
    caught: z.object({ d1: directionStats, d5: directionStats }),
    baseline: z.object({ d1: directionStats, d5: directionStats }),
  }),
  /** The options' own P&L over a sample of days across the history: caught prints against all prints of the same tickers. */
  pnl: z.object({
    sample_days: z.number().int(),
    caught: pnlHorizons,
    baseline: pnlHorizons,
  }),
  elapsed_ms: z.number(),
});
export type BacktestResponse = z.infer<typeof backtestResponse>;
