import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';

/** A rule's email state: when its last email left and the matches waiting for the next one. */
export interface RuleMailState {
  lastSentAt: number | null;
  /** The first waiting trades (at most digestTrades are kept)... */
  pending: FlowTrade[];
  /** ...and how many are waiting in all. */
  pendingCount: number;
}

export const emptyMailState = (): RuleMailState => ({ lastSentAt: null, pending: [], pendingCount: 0 });

export interface MailDecision {
  /** The email to send now (null: wait). */
  send: { trades: FlowTrade[]; total: number } | null;
  next: RuleMailState;
}

function fold(state: RuleMailState, trades: readonly FlowTrade[]): RuleMailState {
  const room = Math.max(0, ALERT_LIMITS.digestTrades - state.pending.length);
  return {
    lastSentAt: state.lastSentAt,
    pending: [...state.pending, ...trades.slice(0, room)],
    pendingCount: state.pendingCount + trades.length,
  };
}

const due = (state: RuleMailState, now: number): boolean =>
  state.lastSentAt === null || now - state.lastSentAt >= ALERT_LIMITS.emailThrottleMs;

/**
 * New matches of one rule: at most one email per rule per throttle window; what arrives inside the
 * window waits and leaves with the next email as a digest. A rule that matches every trade only ever
 * sends digests (flushDue), never one email per trade.
 */
export function onMatches(
  state: RuleMailState,
  trades: readonly FlowTrade[],
  now: number,
  digestOnly = false,
): MailDecision {
  const folded = fold(state, trades);
  if (digestOnly || !due(state, now)) return { send: null, next: folded };
  return {
    send: { trades: folded.pending, total: folded.pendingCount },
    next: { lastSentAt: now, pending: [], pendingCount: 0 },
  };
}

/** The digest job: sends what waits once the rule's window has passed. */
export function flushDue(state: RuleMailState, now: number): MailDecision {
  if (state.pendingCount === 0 || !due(state, now)) return { send: null, next: state };
  return {
    send: { trades: state.pending, total: state.pendingCount },
    next: { lastSentAt: now, pending: [], pendingCount: 0 },
  };
}

/** Whether the user's daily cap leaves room for one more email (`sentToday` counts this New York day). */
export const underDailyCap = (sentToday: number): boolean => sentToday < ALERT_LIMITS.dailyEmails;

const money = (thousands: number): string =>
  thousands >= 1000 ? `$${(thousands / 1000).toFixed(2)}M` : `$${thousands.toFixed(0)}K`;

export function describeTrade(t: FlowTrade): string {
  return `${t.ticker} ${t.date} ${t.time} ${t.put_call} ${t.strike_price} exp ${t.date_expiration}: ${t.size} @ ${t.price} (${money(t.cost_basis)} premium, ${t.option_activity_type}, ${t.fill})`;
}

export function composeAlertEmail(input: {
  ruleName: string;
  trades: readonly FlowTrade[];
  total: number;
  pauseUrl: string;
  alertsUrl: string;
}): { subject: string; text: string } {
  const { ruleName, trades, total } = input;
  const subject =
    total === 1 && trades[0]
      ? `Flow alert "${ruleName}": ${trades[0].ticker} ${trades[0].put_call} ${money(trades[0].cost_basis)}`
      : `Flow alert "${ruleName}": ${total} trades matched`;
  const lines = trades.map((t) => `- ${describeTrade(t)}`);
  const more = total > trades.length ? [`...and ${total - trades.length} more (see the Alerts page).`] : [];
  const text = [
    total === 1 ? `Your alert "${ruleName}" caught a trade:` : `Your alert "${ruleName}" caught ${total} trades:`,
    '',
    ...lines,
    ...more,
    '',
    `History: ${input.alertsUrl}`,
    `Pause this alert with one click: ${input.pauseUrl}`,
  ].join('\n');
  return { subject, text };
}
