import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import {
  alertHistoryResponse,
  alertRuleResponse,
  alertRulesResponse,
  backtestResponse,
  type FiredAlert,
} from '@tapewatch/shared/schemas/alerts';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';
import { AlertHistoryRepository } from '@tapewatch/functions/data/alert-history-repository';
import { documentClient } from '@tapewatch/functions/data/client';
import { alertDeliveryFor, FlowFanout, publishLiveTrades } from '@tapewatch/functions/jobs/flow-live';
import { runAlertDigests } from '@tapewatch/functions/jobs/alert-digests';
import { advanceWallClock, flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

/** Issue 25: flow alerts through the real handlers, the live ingest path, the socket and the outbox. */
const callers = {
  ...flowCallers(),
  'lapsed-token': {
    userId: 'u-lapsed',
    username: 'lapsed1',
    email: 'u-lapsed@example.com',
    subscription: 'basic',
    token: 'lapsed-token',
  },
};
const fx = useIntegrationRuntime({ env: { MAIL_OUTBOX_QUIET: '1' }, callers, token: 'sub-token' });

let n = 0;
function liveTrade(p: Partial<FlowTrade>): FlowTrade {
  n += 1;
  return {
    key: `alert-it-${n}`,
    ticker: 'NVDA',
    date: '2024-03-08',
    time: '13:00:00',
    put_call: 'Call',
    strike_price: 900,
    date_expiration: '2024-03-15',
    DTE: 7,
    option_activity_type: 'Sweep',
    exchange: null,
    aggressor_ind: null,
    ask: 5,
    bid: 4.8,
    midpoint: 4.9,
    price: 5,
    size: 500,
    volume: 900,
    open_interest: 1200,
    underlying_price: 875,
    cost_basis: 250,
    trade_count: 1,
    fill: 'Ask',
    sentiment: 'Bullish',
    score: 0.8,
    ...p,
  };
}

const nvdaRule = {
  name: 'Big NVDA calls',
  filters: [
    { filter: 'Ticker' as const, selector: 'Equal' as const, tickers: ['NVDA'] },
    { filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '200' },
    { filter: 'Call/Put' as const, selector: 'Equal' as const, value: 'Call' },
  ],
};

function openAlertsSocket(token: string): Promise<{ events: WsEvent[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${fx.port}/ws?token=${token}&channel=alerts`);
    const events: WsEvent[] = [];
    ws.on('message', (data) => events.push(...parseFrame(data.toString())));
    ws.on('open', () => resolve({ events, close: () => ws.close() }));
    ws.on('error', reject);
  });
}

const outbox = () => fx.accounts.outbox();
/**
 * The live path as the player and the poller run it. The container's rule index picks up rule
 * changes within RULES_RECHECK_MS; the tests refresh it at once instead of waiting for that.
 */
async function ingest(trades: FlowTrade[]) {
  await alertDeliveryFor(documentClient()).matcher.refresh(true);
  return publishLiveTrades(trades, new FlowFanout(documentClient()), documentClient());
}

describe('flow alerts', () => {
  it('are for subscribers: a free user may list (nothing) but not create', async () => {
    const list = await fx.api.get('get_alert_rules', {}, { token: 'free-token' });
    expect(list.status).toBe(200);
    expect(alertRulesResponse.parse(list.body).rules).toEqual([]);
    const create = await fx.api.post('create_alert_rule', nvdaRule, { token: 'free-token' });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ alert_show: true });
  });

  it('refuses filters the Options Flow engine cannot apply, with the alert message', async () => {
    const res = await fx.api.postUnchecked('create_alert_rule', {
      name: 'bad',
      filters: [{ filter: 'Premium', selector: 'Greater than', value: 'lots' }],
    });
    expect(res.status).toBe(400);
    expect(String(res.body.alert_message)).toMatch(/premium needs a number/i);
  });

  it('creates, edits, pauses, resumes and deletes a rule', async () => {
    const created = alertRuleResponse.parse(
      (await fx.api.post('create_alert_rule', { name: 'tmp', filters: [] })).body,
    ).rule;
    expect(created).toMatchObject({ name: 'tmp', status: 'active', paused_reason: null, watchlist_id: null });
    const edited = await fx.api.post('update_alert_rule', {
      id: created.id,
      rule: { name: 'tmp2', filters: nvdaRule.filters },
    });
    expect(alertRuleResponse.parse(edited.body).rule).toMatchObject({ name: 'tmp2', filters: nvdaRule.filters });
    const paused = await fx.api.post('set_alert_rule_status', { id: created.id, status: 'paused' });
    expect(alertRuleResponse.parse(paused.body).rule).toMatchObject({ status: 'paused', paused_reason: 'user' });
    const resumed = await fx.api.post('set_alert_rule_status', { id: created.id, status: 'active' });
    expect(alertRuleResponse.parse(resumed.body).rule.status).toBe('active');
    expect((await fx.api.post('delete_alert_rule', { id: created.id })).status).toBe(200);
    expect((await fx.api.post('delete_alert_rule', { id: created.id })).status).toBe(404);
  });

  it(`refuses a rule past ${ALERT_LIMITS.activeRules} active ones with a clear 409, and resuming past it too`, async () => {
    await seedPlan('u-lapsed', 'basic');
    const ids: string[] = [];
    for (let i = 0; i < ALERT_LIMITS.activeRules; i += 1) {
      const r = await fx.api.post('create_alert_rule', { name: `r${i}`, filters: [] }, { token: 'lapsed-token' });
      ids.push(alertRuleResponse.parse(r.body).rule.id);
    }
    const over = await fx.api.post(
      'create_alert_rule',
      { name: 'one too many', filters: [] },
      { token: 'lapsed-token' },
    );
    expect(over.status).toBe(409);
    expect(String(over.body.alert_message)).toContain(`${ALERT_LIMITS.activeRules} active alerts`);
    await fx.api.post('set_alert_rule_status', { id: ids[0]!, status: 'paused' }, { token: 'lapsed-token' });
    const another = await fx.api.post(
      'create_alert_rule',
      { name: 'fits now', filters: [] },
      { token: 'lapsed-token' },
    );
    expect(another.status).toBe(200);
    const resume = await fx.api.post(
      'set_alert_rule_status',
      { id: ids[0]!, status: 'active' },
      { token: 'lapsed-token' },
    );
    expect(resume.status).toBe(409);
  });

  it('backtests a rule over the stored flow', async () => {
    const res = await fx.api.post('backtest_alert_rule', {
      rule: { name: 'SPY', filters: [{ filter: 'Ticker', selector: 'Equal', tickers: ['SPY'] }] },
    });
    expect(res.status).toBe(200);
    const bt = backtestResponse.parse(res.body);
    expect(bt.days).toBeGreaterThan(0);
    expect(bt.fired).toBe(bt.per_day.reduce((s, d) => s + d.fires, 0));
    expect(bt.trades.length).toBe(Math.min(100, bt.fired));
    expect(bt.trades.every((t) => t.ticker === 'SPY')).toBe(true);
    // Every SPY trade is caught, so the caught trades are the baseline.
    expect(bt.moves.caught).toEqual(bt.moves.baseline);
  });

  it('a matching live trade reaches the open socket, the history and the outbox; the email link pauses the rule', async () => {
    await seedPlan('u-sub', 'basic');
    const rule = alertRuleResponse.parse((await fx.api.post('create_alert_rule', nvdaRule)).body).rule;
    const socket = await openAlertsSocket('sub-token');
    const before = (await outbox()).length;
    await ingest([liveTrade({ cost_basis: 50 }), liveTrade({ put_call: 'Put' }), liveTrade({ key: 'the-one' })]);
    await expect.poll(() => socket.events.filter((e) => e.event === 'alert').length).toBe(1);
    const pushed = JSON.parse((socket.events.find((e) => e.event === 'alert') as { data: string }).data) as FiredAlert;
    expect(pushed).toMatchObject({ rule_id: rule.id, rule_name: 'Big NVDA calls', read: false });
    expect(pushed.trade.key).toBe('the-one');
    // The socket gets no trade stream: it is the shell's alerts channel.
    expect(socket.events.some((e) => e.event === 'new_flow')).toBe(false);
    socket.close();

    const history = alertHistoryResponse.parse((await fx.api.get('get_alert_history', { rule_id: rule.id })).body);
    expect(history.alerts.map((a) => a.id)).toEqual([pushed.id]);
    expect(history.unread).toBeGreaterThanOrEqual(1);

    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    const mail = mails.find((m) => m.to === 'u-sub@example.com');
    expect(mail?.subject).toBe('Flow alert "Big NVDA calls": NVDA Call $250K');
    const token = mail!.link!.split('/alerts/pause/')[1]!;

    // Socket closed: the next match waits in the history; inside 5 minutes no second email.
    await ingest([liveTrade({ key: 'while-away' })]);
    const later = alertHistoryResponse.parse((await fx.api.get('get_alert_history', { rule_id: rule.id })).body);
    expect(later.alerts[0]!.trade.key).toBe('while-away');
    expect((await outbox()).filter((m) => m.to === 'u-sub@example.com')).toHaveLength(1);

    // A forged link is refused; the real one pauses the rule (no login needed).
    expect((await fx.api.post('pause_alert_from_email', { token: `${token}x` }, { token: null })).status).toBe(400);
    const paused = await fx.api.post('pause_alert_from_email', { token }, { token: null });
    expect(paused.body).toEqual({ rule_name: 'Big NVDA calls', status: 'paused' });
    const rules = alertRulesResponse.parse((await fx.api.get('get_alert_rules')).body).rules;
    expect(rules.find((r) => r.id === rule.id)).toMatchObject({ status: 'paused', paused_reason: 'email' });
  });

  it('folds the matches of the 5-minute window into one digest email', async () => {
    const rule = alertRuleResponse.parse(
      (await fx.api.post('create_alert_rule', { ...nvdaRule, name: 'Digest me' })).body,
    ).rule;
    await ingest([liveTrade({})]);
    await ingest([liveTrade({}), liveTrade({})]);
    const mine = async () => (await outbox()).filter((m) => m.subject.includes('Digest me'));
    expect(await mine()).toHaveLength(1);
    // Inside the window the digest job leaves this rule's waiting matches alone.
    await runAlertDigests();
    expect(await mine()).toHaveLength(1);
    advanceWallClock(ALERT_LIMITS.emailThrottleMs + 1000);
    await runAlertDigests();
    const mails = await mine();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Flow alert "Digest me": 2 trades matched');
    await fx.api.post('delete_alert_rule', { id: rule.id });
  });

  it('pauses (keeps) the rules of a user whose plan ended, and says why', async () => {
    await seedPlan('u-lapsed', 'free');
    callers['lapsed-token'].subscription = 'free';
    // The matcher reads the plan at most every 30 s: move past it.
    advanceWallClock(31_000);
    await ingest([liveTrade({ ticker: 'AMD' })]);
    const res = alertRulesResponse.parse((await fx.api.get('get_alert_rules', {}, { token: 'lapsed-token' })).body);
    expect(res.rules.length).toBe(ALERT_LIMITS.activeRules + 1);
    expect(res.rules.every((r) => r.status === 'paused')).toBe(true);
    expect(res.rules.filter((r) => r.paused_reason === 'plan').length).toBe(ALERT_LIMITS.activeRules);
    expect(res.plan_message).toContain('basic plan ended');
  });

  it('expired history is not listed and the cleanup deletes it', async () => {
    const repo = new AlertHistoryRepository(documentClient());
    const old = new Date(Date.now() - (ALERT_LIMITS.historyDays + 1) * 86_400_000).toISOString();
    await repo.add([
      { id: 'old1', userId: 'u-sub', ruleId: 'gone00', ruleName: 'old', firedAt: old, trade: liveTrade({}) },
    ]);
    const listed = (await repo.list('u-sub')).alerts;
    expect(listed.some((a) => a.rule_id === 'gone00')).toBe(false);
    expect(await repo.deleteExpired()).toBe(1);
  });
});
