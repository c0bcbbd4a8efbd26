import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { watchlistWriteResponse } from '@tapewatch/shared/schemas/watchlists';
import { parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';
import { AlertHistoryRepository } from '@tapewatch/functions/data/alert-history-repository';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowColumnsRepository } from '@tapewatch/functions/data/flow-columns-repository';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { backtestRule } from '@tapewatch/functions/http/alerts/backtest-alert-rule';
import { clearHistoryColumns, tradeColumns } from '@tapewatch/functions/http/alerts/backtest-days';
import { clockFor } from '@tapewatch/functions/platform/clock';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PushSubscriptionsRepository,
  pushSubscriptionId,
} from '@tapewatch/functions/data/push-subscriptions-repository';
import { generateVapidKeys, pushRequest } from '@tapewatch/functions/platform/web-push';
import { decryptPush, pushBrowser } from '@tapewatch/functions/platform/fixtures/push-browser';
import { AlertDelivery } from '@tapewatch/functions/jobs/alert-delivery';
import { pushConfigResponse } from '@tapewatch/shared/schemas/alert-push';
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
 * changes within RULES_RECHECK_MS, and its listing of the alerts sockets new sockets within
 * ALERT_SOCKETS_TTL_MS; the tests refresh both at once instead of waiting for that.
 */
async function ingest(trades: FlowTrade[]) {
  const delivery = alertDeliveryFor(documentClient());
  await Promise.all([delivery.matcher.refresh(true), delivery.sockets.relist()]);
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
    expect(bt.fires_per_day).toBeCloseTo(bt.fired / bt.days, 2);
    expect(bt.noisy).toBe(bt.fires_per_day > bt.noise_per_day);
    // The demo runtime's flow is simulated, and the answer says so.
    expect(bt.simulated).toBe(true);
    expect(bt.prints.length).toBeGreaterThan(0);
    expect(bt.prints.every((t) => t.ticker === 'SPY')).toBe(true);
    // Sampled across the history, not the first morning's: the listed prints span most of it.
    const dates = [...new Set(bt.prints.map((p) => p.date))].sort();
    expect(dates.length).toBe(Math.min(bt.pnl.sample_days, bt.per_day.filter((d) => d.fires > 0).length));
    // Every SPY print is caught, so the caught prints are the baseline.
    expect(bt.direction.caught).toEqual(bt.direction.baseline);
    expect(bt.pnl.caught).toEqual(bt.pnl.baseline);
    expect(bt.pnl.caught.d1.prints).toBeGreaterThan(0);
  });

  it('a cold backtest reads the stored day columns and answers as the scan of every trade (issue 35 item 11)', async () => {
    const db = documentClient();
    const today = clockFor().today();
    const repo = new FlowRepository(db);
    const listed = (await repo.listDays('2000-01-01', today)).filter((d) => d.date < today && d.trades > 0);
    expect(listed.length).toBeGreaterThan(2);
    // The ingest stored every day's columns, for the version the day index lists.
    const dates = listed.map((d) => d.date).sort();
    const stored = await new FlowColumnsRepository(db).readRange('cost_basis', dates[0]!, dates.at(-1)!);
    expect(listed.map((d) => [d.date, stored.get(d.date)?.version])).toEqual(listed.map((d) => [d.date, d.version]));
    const rules = [
      {
        id: 'b',
        userId: 'u',
        name: 'b',
        filters: [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '100' }],
      },
      { id: 'n', userId: 'u', name: 'n', filters: nvdaRule.filters },
    ];
    const same = async () => {
      for (const rule of rules) {
        clearHistoryColumns();
        const cold = await backtestRule(rule, today);
        const plain = await backtestRule(rule, today, tradeColumns);
        expect(cold.fired).toBeGreaterThan(0);
        expect({ ...cold, elapsed_ms: 0 }).toEqual({ ...plain, elapsed_ms: 0 });
      }
    };
    await same();
    // A day re-ingested by another writer without its columns: the stale columns are not used.
    const day = listed[1]!.date;
    const trades = (await repo.readDay(day)).trades;
    await repo.putDay(day, [...trades.slice(1), { ...trades[0]!, key: `${trades[0]!.key}-re`, cost_basis: 9999 }]);
    await same();
    await repo.putDay(day, trades);
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

  it('a rule on a watchlist follows the list: a ticker added matches on the next trade, a removed one stops', async () => {
    const created = await fx.api.post('create_watchlist', { name: 'Alert chips', tickers: ['AMD'] });
    const listId = watchlistWriteResponse.parse(created.body).list.id;
    const rule = alertRuleResponse.parse(
      (
        await fx.api.post('create_alert_rule', {
          name: 'Chips on my list',
          watchlist_id: listId,
          filters: [{ filter: 'Premium', selector: 'Greater than equal', value: '200' }],
        })
      ).body,
    ).rule;
    const fired = async () =>
      alertHistoryResponse
        .parse((await fx.api.get('get_alert_history', { rule_id: rule.id })).body)
        .alerts.map((a) => a.trade.key);
    await ingest([liveTrade({ ticker: 'AMD', key: 'wl-amd-1' }), liveTrade({ ticker: 'NVDA', key: 'wl-nvda-1' })]);
    expect(await fired()).toEqual(['wl-amd-1']);

    await fx.api.post('add_watchlist_tickers', { id: listId, tickers: ['NVDA'] });
    await ingest([liveTrade({ ticker: 'NVDA', key: 'wl-nvda-2' })]);
    expect(await fired()).toEqual(['wl-nvda-2', 'wl-amd-1']);

    await fx.api.post('remove_watchlist_tickers', { id: listId, tickers: ['AMD'] });
    await ingest([liveTrade({ ticker: 'AMD', key: 'wl-amd-3' }), liveTrade({ ticker: 'NVDA', key: 'wl-nvda-3' })]);
    expect(await fired()).toEqual(['wl-nvda-3', 'wl-nvda-2', 'wl-amd-1']);

    // A deleted list matches nothing (the rule stays, naming a list that is gone).
    await fx.api.post('delete_watchlist', { id: listId });
    await ingest([liveTrade({ ticker: 'NVDA', key: 'wl-nvda-4' })]);
    expect(await fired()).toEqual(['wl-nvda-3', 'wl-nvda-2', 'wl-amd-1']);
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

  it("lists one rule's history in pages past 300, however many alerts other rules fired since", async () => {
    const repo = new AlertHistoryRepository(documentClient());
    // A day ahead: newer than what the earlier tests fired, so the whole history starts with them.
    const at = (i: number) => new Date(Date.now() + 86_400_000 + i * 1000).toISOString();
    // 350 of rule "pagea1", then 350 newer ones of another rule: the user's newest 300 are all the other's.
    const fire = (ruleId: string, from: number) =>
      Array.from({ length: 350 }, (_, i) => ({
        id: `${ruleId.slice(-2)}${i}`,
        userId: 'u-sub',
        ruleId,
        ruleName: ruleId,
        firedAt: at(from + i),
        trade: liveTrade({ key: `${ruleId}-${i}` }),
      }));
    await repo.add([...fire('pagea1', 0), ...fire('pageb2', 400)]);
    const page = async (before?: string) =>
      alertHistoryResponse.parse(
        (await fx.api.get('get_alert_history', { rule_id: 'pagea1', ...(before ? { before } : {}) })).body,
      );
    const first = await page();
    expect(first.alerts).toHaveLength(300);
    expect(first.next).not.toBeNull();
    const second = await page(first.next!);
    expect(second.alerts).toHaveLength(50);
    expect(second.next).toBeNull();
    const keys = [...first.alerts, ...second.alerts].map((a) => a.trade.key);
    expect(keys).toEqual(Array.from({ length: 350 }, (_, i) => `pagea1-${349 - i}`));
    // The whole history pages the same way; a malformed cursor is a 400 with the alert message.
    const all = alertHistoryResponse.parse((await fx.api.get('get_alert_history', {})).body);
    expect(all.alerts[0]!.trade.key).toBe('pageb2-349');
    expect(all.next).not.toBeNull();
    const bad = await fx.api.getUnchecked('get_alert_history', { before: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ alert_show: true });
  });

  it('stores a browser push subscription per endpoint (again: replaced), keeps the newest 10, and signs for it', async () => {
    const repo = new PushSubscriptionsRepository(documentClient());
    const keys = generateVapidKeys();
    const browser = (i: number) => pushBrowser(`https://push.example.net/send/${i}`).sub;
    const first = browser(0);
    await repo.put('u-push', first, new Date('2024-03-08T10:00:00Z'));
    const renewed = { ...first, keys: browser(0).keys };
    await repo.put('u-push', renewed, new Date('2024-03-08T10:01:00Z'));
    let stored = await repo.list('u-push');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: pushSubscriptionId(first.endpoint), keys: renewed.keys });
    for (let i = 1; i <= MAX_PUSH_SUBSCRIPTIONS; i += 1)
      await repo.put('u-push', browser(i), new Date(Date.parse('2024-03-08T11:00:00Z') + i * 1000));
    stored = await repo.list('u-push');
    expect(stored).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(stored.some((x) => x.endpoint === first.endpoint)).toBe(false);
    // A stored subscription is what the library signs and encrypts for.
    const req = pushRequest(stored[0]!, '{"rule_name":"x"}', { ...keys, subject: 'mailto:ops@example.com' });
    expect(String(req.headers.Authorization)).toContain(`k=${keys.publicKey}`);
    await repo.delete('u-push', stored[0]!.id);
    expect(await repo.list('u-push')).toHaveLength(MAX_PUSH_SUBSCRIPTIONS - 1);
  });

  it('browser push: the routes store and drop subscriptions; a fired alert posts a signed, encrypted push, and a 410 removes the subscription', async () => {
    const config = pushConfigResponse.parse((await fx.api.get('get_push_config')).body);
    // The local runtime made a key pair for its data directory.
    expect(config).toMatchObject({ enabled: true, public_key: process.env.VAPID_PUBLIC_KEY });
    const viaRoute = pushBrowser('https://fcm.googleapis.com/fcm/send/route-1');
    const refused = await fx.api.postUnchecked('subscribe_push', { ...viaRoute.sub, endpoint: 'http://10.0.0.1/x' });
    expect(refused.status).toBe(400);
    expect(String(refused.body.alert_message)).toMatch(/push service/);
    const subscribed = await fx.api.post('subscribe_push', { ...viaRoute.sub, expirationTime: null });
    expect(subscribed.body).toEqual({ subscribed: true, subscriptions: config.subscriptions + 1 });
    const dropped = await fx.api.post('unsubscribe_push', { endpoint: viaRoute.sub.endpoint });
    expect(dropped.body).toEqual({ deleted: true, subscriptions: config.subscriptions });

    // A fake push service: records each POST, answers 201 on /ok and 410 (the browser left) on /gone.
    const received: Array<{ path: string; headers: Record<string, unknown>; body: Buffer }> = [];
    const service = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url === '/gone' ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    try {
      // Stored through the repository: the route accepts https push services only.
      const repo = new PushSubscriptionsRepository(documentClient());
      const [ok, gone] = [pushBrowser(`${base}/ok`), pushBrowser(`${base}/gone`)];
      await repo.put('u-sub', ok.sub);
      await repo.put('u-sub', gone.sub);
      const rule = alertRuleResponse.parse(
        (
          await fx.api.post('create_alert_rule', {
            name: 'Pushed TSLA',
            filters: [{ filter: 'Ticker', selector: 'Equal', tickers: ['TSLA'] }],
          })
        ).body,
      ).rule;
      // A container of its own, so its listing of subscribers starts empty.
      const delivery = new AlertDelivery(documentClient());
      await delivery.matcher.refresh(true);
      const report = await delivery.onTrades([liveTrade({ ticker: 'TSLA', key: 'pushed-1' })]);
      expect(report).toMatchObject({ fired: 1, webPushed: 1 });
      expect(received.map((r) => r.path).sort()).toEqual(['/gone', '/ok']);
      const post = received.find((r) => r.path === '/ok')!;
      expect(String(post.headers.authorization)).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${process.env.VAPID_PUBLIC_KEY}$`),
      );
      expect(post.headers['content-encoding']).toBe('aes128gcm');
      expect(JSON.parse(decryptPush(post.body, ok))).toEqual({
        title: 'Flow alert "Pushed TSLA"',
        body: expect.stringMatching(/^TSLA 2024-03-08 13:00:00 Call 900/),
        url: '/optionsflow-ticker-overview?ticker=TSLA',
        tag: `alert-${rule.id}`,
      });
      const left = await repo.list('u-sub');
      expect(left.map((x) => x.endpoint)).toEqual([ok.sub.endpoint]);

      // The next alert reaches the remaining browser only, from the cached listing (no second 410).
      received.length = 0;
      expect((await delivery.onTrades([liveTrade({ ticker: 'TSLA', key: 'pushed-2' })])).webPushed).toBe(1);
      expect(received.map((r) => r.path)).toEqual(['/ok']);
      await fx.api.post('delete_alert_rule', { id: rule.id });
      await repo.delete('u-sub', left[0]!.id);
    } finally {
      service.close();
    }
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
