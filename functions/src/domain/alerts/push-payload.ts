import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { describeTrade } from './email-throttle.ts';

/** What the service worker (web/public/alert-push-sw.js) shows: it reads exactly these fields. */
export interface AlertPushPayload {
  title: string;
  body: string;
  /** Same-origin path the notification opens: the Ticker Overview of the trade's ticker. */
  url: string;
  /** One notification per rule: a newer push of the rule replaces the one still on screen. */
  tag: string;
}

/** Push services take about 4 KB of payload; a trade line is far below, the rule name is capped at 80. */
const MAX_BODY = 600;

/** One push per rule and batch: its newest trade, plus how many more it caught in the same batch. */
export function composeAlertPush(input: {
  ruleId: string;
  ruleName: string;
  trades: readonly FlowTrade[];
}): AlertPushPayload {
  const newest = input.trades[input.trades.length - 1]!;
  const more = input.trades.length - 1;
  const body = `${describeTrade(newest)}${more > 0 ? ` (+${more} more)` : ''}`;
  return {
    title: `Flow alert "${input.ruleName}"`,
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body,
    url: `/optionsflow-ticker-overview?ticker=${encodeURIComponent(newest.ticker)}`,
    tag: `alert-${input.ruleId}`,
  };
}
