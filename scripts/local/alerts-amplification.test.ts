import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { alertHistoryResponse, type FiredAlert } from '@tapewatch/shared/schemas/alerts';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';
import { documentClient } from '@tapewatch/functions/data/client';
import { trade as flowTrade } from '@tapewatch/functions/domain/flow/test-trade';
import { appKeys } from '@tapewatch/functions/data/keys';
import { queryAll } from '@tapewatch/functions/data/query-all';
import { tableName } from '@tapewatch/functions/data/tables';
import { AlertDelivery } from '@tapewatch/functions/jobs/alert-delivery';
import { advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

/**
 * Issue 35 item 3: 20 match-everything rules turned 93 trades into 1,880 in-app alerts and ~2,000
 * stored history items in a minute. Here the same burst arrives at three containers at once.
 */
const USER = 'u-amp';
const fx = useIntegrationRuntime({
  env: { MAIL_OUTBOX_QUIET: '1' },
  callers: {
    'amp-token': {
      userId: USER,
      username: 'amplifier',
      email: 'amp@example.com',
      subscription: 'basic',
      token: 'amp-token',
    },
  },
  token: 'amp-token',
});

let n = 0;
const trades = (count: number): FlowTrade[] =>
  Array.from({ length: count }, () => flowTrade({ key: `amp-${++n}`, put_call: 'Put', cost_basis: 20 }));

function openAlertsSocket(): Promise<{ events: WsEvent[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${fx.port}/ws?token=amp-token&channel=alerts`);
    const events: WsEvent[] = [];
    ws.on('message', (data) => events.push(...parseFrame(data.toString())));
    ws.on('open', () => resolve({ events, close: () => ws.close() }));
    ws.on('error', reject);
  });
}

/** Three containers that each know the rules and the open socket (as after their caches refresh). */
async function containers(): Promise<AlertDelivery[]> {
  const all = [0, 1, 2].map(() => new AlertDelivery(documentClient()));
  await Promise.all(all.flatMap((d) => [d.matcher.refresh(true), d.sockets.relist()]));
  return all;
}

/** The batches arrive at the containers at the same time. */
const burst = (at: AlertDelivery[], batches: FlowTrade[][]) =>
  Promise.all(batches.map((b, i) => at[i % at.length]!.onTrades(b)));

const history = async () =>
  queryAll(documentClient(), {
    TableName: tableName('app'),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': appKeys.alertHistoryPartition(USER) },
    ConsistentRead: true,
  });
const summaries = async () => (await history()).filter((it) => typeof it.more === 'number');
const alertsOf = (events: WsEvent[]) =>
  events.filter((e) => e.event === 'alert').map((e) => JSON.parse((e as { data: string }).data) as FiredAlert);

const { inAppPerMinute: perMinute, inAppPerDay: perDay } = ALERT_LIMITS;

describe('alert amplification (issue 35 item 3)', () => {
  it(`20 match-everything rules and 93 trades: ${perMinute} alerts a minute reach the app and the history, the rest fold into one "N more" item`, async () => {
    // New York midday, so the file's minutes all fall in one New York day.
    const now = new Date();
    let noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 17);
    if (noon <= now.getTime()) noon += 86_400_000;
    advanceWallClock(noon - now.getTime());
    await seedPlan(USER, 'basic');
    for (let i = 0; i < 20; i++)
      expect((await fx.api.post('create_alert_rule', { name: `Everything ${i}`, filters: [] })).status).toBe(200);
    const socket = await openAlertsSocket();
    const at = await containers();
    await burst(at, [trades(31), trades(31), trades(31)]);

    const stored = await history();
    expect(stored).toHaveLength(perMinute + 1);
    const [summary] = await summaries();
    // Nothing is lost: every match is either an alert or counted in the summary.
    expect(summary?.more).toBe(93 * 20 - perMinute);
    await expect.poll(() => alertsOf(socket.events).length).toBe(perMinute + 1);
    const pushedSummary = alertsOf(socket.events).filter((a) => a.more !== undefined);
    expect(pushedSummary).toHaveLength(1);
    expect(pushedSummary[0]!.id).toBe(summary!.sk);

    // More matches in the same minute update that one item (count and unread), no new push or item.
    const listed = alertHistoryResponse.parse((await fx.api.get('get_alert_history', {})).body);
    expect(listed.alerts.find((a) => a.id === summary!.sk)).toMatchObject({
      id: summary!.sk,
      more: 93 * 20 - perMinute,
      read: false,
    });
    await fx.api.post('mark_alerts_read', {});
    await burst(at, [trades(2), trades(3)]);
    expect(await history()).toHaveLength(perMinute + 1);
    expect(await summaries()).toMatchObject([{ sk: summary!.sk, more: 98 * 20 - perMinute, read: false }]);
    await expect.poll(() => alertsOf(socket.events).length).toBe(perMinute + 1);

    // The next minute has its own allowance and its own summary.
    advanceWallClock(60_000);
    await burst(at, [trades(4), trades(4)]);
    expect(await history()).toHaveLength(2 * (perMinute + 1));
    const counts = (await summaries()).map((s) => s.more as number).sort((a, b) => a - b);
    expect(counts).toEqual([8 * 20 - perMinute, 98 * 20 - perMinute]);
    await expect.poll(() => alertsOf(socket.events).length).toBe(2 * (perMinute + 1));
    socket.close();
  });

  it(`past ${perDay} alerts in a New York day the rest of the day folds into one day summary`, async () => {
    advanceWallClock(60_000);
    const socket = await openAlertsSocket();
    const at = await containers();
    // The rest of the day's allowance, minute by minute (each minute's overflow has its own summary).
    const minutes = Math.ceil((perDay - 2 * perMinute) / perMinute);
    for (let m = 0; m < minutes; m++) {
      await burst(at, [trades(1), trades(1)]);
      advanceWallClock(60_000);
    }
    await burst(at, [trades(1), trades(1)]);
    advanceWallClock(60_000);
    await burst(at, [trades(1)]);
    const stored = await history();
    const delivered = stored.filter((it) => typeof it.more !== 'number');
    expect(delivered).toHaveLength(perDay);
    const day = stored.filter((it) => it.window === 'day');
    expect(day).toHaveLength(1);
    // Every match past the day's allowance is counted there, whichever minute it came in.
    const matches = 93 * 20 + 5 * 20 + 8 * 20 + (minutes + 1) * 40 + 20;
    const minuteFolded = (await summaries())
      .filter((s) => s.window === 'minute')
      .reduce((t, s) => t + (s.more as number), 0);
    expect(minuteFolded + (day[0]!.more as number) + perDay).toBe(matches);
    socket.close();
  });
});
