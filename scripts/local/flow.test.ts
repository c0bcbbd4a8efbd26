import { request } from 'node:http';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { ConnectionRepository } from '@tapewatch/functions/data/connection-repository';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { flowKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { searchFlow } from '@tapewatch/functions/data/flow-search';
import { mostOtm } from '@tapewatch/functions/domain/flow/most-otm';
import { connectionsBroadcaster, FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { postViaManagementApi } from '@tapewatch/functions/platform/realtime';
import { runFlowReset } from '@tapewatch/functions/jobs/flow-reset';
import { FlowDayState, simulateTrades } from '@tapewatch/functions/providers/demo/flow-simulator';
import { applyFilters } from '@tapewatch/shared/flow/filters';
import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';
import {
  currentFlowResponse,
  historicalFlowResponse,
  mostOtmResponse,
  testSocketResponse,
  type FlowTrade,
} from '@tapewatch/shared/schemas/flow';
import { queryString } from '../test/api-client.ts';
import { advanceWallClock, flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { openLiveSocket, openRegisteredSocket } from '../test/live-socket.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

const users = flowCallers();

const fx = useIntegrationRuntime({ callers: users, token: 'sub-token' });
const { api } = fx;
beforeAll(async () => {
  // The fan-out reads connected users' plans from their stored profiles.
  await Promise.all([seedPlan('u-sub', 'basic'), seedPlan('u-x', 'basic')]);
});

const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
/** get_historical_options_flow's query: dates and filters as JSON text. */
const dq = (dates: unknown, filters?: unknown) => ({
  dates: json(dates),
  ...(filters === undefined ? {} : { filters: json(filters) }),
});
const q = (dates: unknown, filters?: unknown) => queryString(dq(dates, filters));
const range = { start: '2024-03-01', end: '2024-03-08' };
const newestFirst = (rows: FlowTrade[]) =>
  rows.every((r, i) => i === 0 || `${rows[i - 1]!.date} ${rows[i - 1]!.time}` >= `${r.date} ${r.time}`);

/** Undoes a live trade as the reset does (the item gone, the day's epoch moved): later tests count today's. */
async function undoLive(live: FlowTrade): Promise<void> {
  const db = documentClient();
  await db.send(
    new DeleteCommand({ TableName: tableName('flow'), Key: flowKeys.liveTrade(live.date, live.time, live.key) }),
  );
  await db.send(
    new UpdateCommand({
      TableName: tableName('flow'),
      Key: flowKeys.dayHead(live.date),
      UpdateExpression: 'ADD epoch :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

describe('options flow endpoints', () => {
  it('gate every flow route: 401 without a token, 403 for a free user', async () => {
    for (const [name, query] of [
      ['get_current_options_flow', ''],
      ['get_historical_options_flow', q(range)],
      ['get_options_flow_most_otm_data', ''],
      ['test_socket', ''],
    ] as const) {
      expect((await api.getUnchecked(name, query, { token: null })).status).toBe(401);
      const free = await api.getUnchecked(name, query, { token: 'free-token' });
      expect(free.status).toBe(403);
      expect(free.body).toEqual({ alert_show: true, alert_message: 'You need to subscribe to access this page.' });
    }
  });

  it("serves today's flow newest first with key stats of the list", async () => {
    const { status, body } = await api.get('get_current_options_flow');
    expect(status).toBe(200);
    const r = currentFlowResponse.parse(body);
    expect(r.date).toBe('2024-03-08');
    // The demo's current day is a session in progress: packed until noon, live trades after.
    expect(r.options_flow.length).toBeGreaterThan(800);
    expect(r.options_flow.every((t) => t.time < '12:00:00')).toBe(true);
    expect(r.options_flow.every((t) => t.date === '2024-03-08')).toBe(true);
    expect(newestFirst(r.options_flow)).toBe(true);
    expect(r.key_stats).toEqual(keyStats(r.options_flow));
  });

  it('caps an unfiltered range at 10,000 rows, newest first, and says so', async () => {
    const { status, body } = await api.get('get_historical_options_flow', dq(range));
    expect(status).toBe(200);
    const r = historicalFlowResponse.parse(body);
    expect(r.options_flow).toHaveLength(10_000);
    expect(r.capped).toBe(true);
    expect(r.options_flow[0]!.date).toBe('2024-03-08');
    expect(newestFirst(r.options_flow)).toBe(true);
    expect(r.key_stats).toEqual(keyStats(r.options_flow));
    expect(r.largest_call_premiums).toEqual(largestPremiums(r.options_flow, 'Call'));
    expect(r.largest_put_premiums).toHaveLength(30);
  });

  it('filters on the server exactly as the shared engine does (Premium on cost_basis)', async () => {
    const filters = [
      { id: 1, filter: 'Call/Put', selector: 'Equal', value: 'put' },
      { id: 2, filter: 'Premium', selector: 'Greater than equal', value: '100' },
      { id: 3, filter: 'DTE', selector: 'Smaller than', value: '30' },
      { id: 4, filter: 'Strike', selector: '', value: '5' },
    ];
    const r = historicalFlowResponse.parse((await api.get('get_historical_options_flow', dq(range, filters))).body);
    expect(r.capped).toBe(false);
    expect(r.options_flow.length).toBeGreaterThan(50);
    expect(r.options_flow.every((t) => t.put_call === 'Put' && t.cost_basis >= 100 && t.DTE < 30)).toBe(true);
    const repo = new FlowRepository(documentClient());
    const days = await repo.listDays(range.start, range.end);
    const all = (await Promise.all(days.map((d) => repo.readDay(d.date)))).flatMap((d) => d.trades);
    expect(r.options_flow.length).toBe(applyFilters(all, filters).length);
    expect(r.largest_call_premiums).toEqual([]);
  });

  it('reads tickers through the index for an Equal Ticker filter', async () => {
    const r = historicalFlowResponse.parse(
      (
        await api.get(
          'get_historical_options_flow',
          dq({ start: '2024-03-07', end: '2024-03-08' }, [
            { filter: 'Ticker', selector: 'Equal', tickers: ['spy', 'NVDA'] },
          ]),
        )
      ).body,
    );
    expect(new Set(r.options_flow.map((t) => t.ticker))).toEqual(new Set(['SPY', 'NVDA']));
    const repo = new FlowRepository(documentClient());
    const both = [...(await repo.readDay('2024-03-07')).trades, ...(await repo.readDay('2024-03-08')).trades];
    const named = both.filter((t) => t.ticker === 'SPY' || t.ticker === 'NVDA');
    expect(r.options_flow.filter((t) => t.date === '2024-03-08')).toHaveLength(
      named.filter((t) => t.date === '2024-03-08').length,
    );
    expect(r.options_flow).toHaveLength(named.length);
    // The index reads the two names' trades only, not the two whole days.
    expect(r.scanned).toBe(named.length);
    expect(r.scanned).toBeLessThan(both.length);
  });

  it('keeps a historical answer only while what it depends on is unchanged: a live trade today, a corrected re-ingest', async () => {
    const repo = new FlowRepository(documentClient());
    const spy = [{ filter: 'Ticker', selector: 'Equal', tickers: ['SPY'] }];
    const ask = async (dates: { start: string; end: string }) =>
      historicalFlowResponse.parse((await api.get('get_historical_options_flow', dq(dates, spy))).body);
    const today = { start: '2024-03-08', end: '2024-03-08' };
    const before = await ask(today);
    expect(await ask(today)).toEqual(before);
    const model = before.options_flow[0]!;
    const live = { ...model, key: `${model.key}-kept`, time: '15:59:59' };
    await repo.putLive([live]);
    try {
      const after = await ask(today);
      expect(after.options_flow[0]).toEqual(live);
      expect(after.options_flow).toHaveLength(before.options_flow.length + 1);
    } finally {
      await undoLive(live);
    }
    expect(await ask(today)).toEqual(before);

    // A corrected re-ingest of a past day keeps its trade count: the answer follows the content.
    const past = { start: '2024-03-06', end: '2024-03-06' };
    const original = (await repo.readDay(past.start)).trades;
    const target = (await ask(past)).options_flow[0]!;
    try {
      await repo.putDay(
        past.start,
        original.map((t) => (t.key === target.key ? { ...t, size: t.size + 1 } : t)),
      );
      const again = await ask(past);
      expect(again.options_flow.find((t) => t.key === target.key)?.size).toBe(target.size + 1);
    } finally {
      await repo.putDay(past.start, original);
    }
    expect((await ask(past)).options_flow.find((t) => t.key === target.key)?.size).toBe(target.size);
  });

  it("answers today's rows from the kept current-flow payload: what reading the day gives, a new live trade included", async () => {
    const repo = new FlowRepository(documentClient());
    const dates = { start: '2024-03-07', end: '2024-03-08' };
    const calls = [{ filter: 'Call/Put', selector: 'Equal', value: 'Call' }] as const;
    const ask = async () => {
      const { status, text } = await api.get('get_historical_options_flow', dq(dates, calls));
      expect(status).toBe(200);
      return text;
    };
    // The reference reads every day (today included) from the table, as before the payload was reused.
    const read = async () =>
      `{"options_flow":[${(await searchFlow(repo, dates, calls, undefined, '2024-03-08')).rows.join(',')}],`;
    await api.get('get_current_options_flow');
    const before = await ask();
    expect(before.startsWith(await read())).toBe(true);
    const model = historicalFlowResponse.parse(JSON.parse(before)).options_flow[0]!;
    const live = { ...model, key: `${model.key}-payload`, time: '15:59:58' };
    await repo.putLive([live]);
    try {
      const after = await ask();
      expect(after.startsWith(await read())).toBe(true);
      expect(historicalFlowResponse.parse(JSON.parse(after)).options_flow[0]).toEqual(live);
    } finally {
      await undoLive(live);
    }
    expect(await ask()).toBe(before);
  });

  it('says where the stored history starts: a range before it is refused with the first available date', async () => {
    const first = (await new FlowRepository(documentClient()).firstDay())!;
    expect(first > '2024-01-01' && first <= '2024-03-08').toBe(true);
    const before = await api.get('get_historical_options_flow', dq({ start: '2023-01-02', end: '2023-01-31' }));
    expect(before.status).toBe(404);
    expect(before.body).toEqual({
      alert_show: true,
      alert_message: `No options flow is stored before ${first}: the first available date is ${first}.`,
    });
    // A range reaching into the history is answered, and names the first date for the screen.
    const partly = historicalFlowResponse.parse(
      (await api.get('get_historical_options_flow', dq({ start: '2023-01-02', end: first }))).body,
    );
    expect(partly.first_date).toBe(first);
    expect(partly.options_flow.length).toBeGreaterThan(0);
    expect(partly.options_flow.every((t) => t.date === first)).toBe(true);
  });

  it('stops at the scan bound and says capped', async () => {
    const r = await searchFlow(
      new FlowRepository(documentClient()),
      range,
      [{ filter: 'Score', selector: 'Greater than', value: '2' }],
      { rows: 10_000, scan: 100 },
    );
    expect(r).toMatchObject({ trades: [], capped: true });
  });

  it.each([
    [q('{"start":"2024-03-01"'), /dates is not valid JSON/],
    [q({ start: '2024-03-08', end: '2024-03-01' }), /end is before start/],
    [q({ start: '2018-12-31', end: '2024-03-01' }), /before 2019-01-01/],
    [q({ start: '2024-02-30', end: '2024-03-01' }), /start.*not a calendar date/],
    [q({ start: '03/01/2024', end: '2024-03-01' }), /YYYY-MM-DD/],
    [q(range, [{ filter: 'Colour', selector: 'Equal', value: '1' }]), /filters at 0\.filter/],
    [q(range, [{ filter: 'DTE', selector: 'About', value: '1' }]), /filters at 0\.selector/],
    [q(range, [{ filter: 'Premium', selector: 'Equal', value: 'Bullish' }]), /Premium needs a number/],
    [q(range, [{ filter: 'Time', selector: 'Equal', value: '9h30' }]), /Time needs HH:MM/],
    [q(range, '{"filter":"DTE"}'), /filters: .*array/i],
    ['', /dates/],
    [`${q(range)}&limit=5`, /Unknown parameter 'limit'/],
  ])('answers 400 naming the problem: %s', async (path, message) => {
    const { status, body } = await api.getUnchecked('get_historical_options_flow', path);
    expect(status).toBe(400);
    expect(body.alert_show).toBe(true);
    expect(String(body.alert_message)).toMatch(message);
  });

  it('gzips large answers', async () => {
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(
        `${fx.url}/api/get_historical_options_flow?${q(range)}`,
        { headers: { authorization: 'Bearer sub-token', 'accept-encoding': 'gzip' } },
        (r) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(parts) }));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(res.body).toString('utf8');
    expect(res.body.length).toBeLessThan(json.length / 4);
    expect(JSON.parse(json).options_flow).toHaveLength(10_000);
  });

  it('lists the most out-of-the-money trades, whole percent, furthest first', async () => {
    const r = mostOtmResponse.parse((await api.get('get_options_flow_most_otm_data')).body);
    expect(r.date).toBe('2024-03-08');
    // The day's 50 furthest (issue 11, spec 2.10), equal to the list computed from the stored trades.
    expect(r.data.length).toBe(50);
    const stored = mostOtm((await new FlowRepository(documentClient()).readDay('2024-03-08')).trades);
    expect(r.data.map((x) => x.key)).toEqual(stored.map((x) => x.key));
    expect(r.data.every((t, i) => Number.isInteger(t.otm) && (i === 0 || r.data[i - 1]!.otm >= t.otm))).toBe(true);
    const t = r.data[0]!;
    const raw =
      t.put_call === 'Call'
        ? (t.strike_price - t.underlying_price!) / t.underlying_price!
        : (t.underlying_price! - t.strike_price) / t.underlying_price!;
    expect(t.otm).toBe(Math.round(raw * 100));
  });
});

const connect = (token: string | null) => openLiveSocket(fx.port, token);

describe('live flow over the WebSocket', () => {
  it('refuses non-subscribers at connect', async () => {
    await expect(connect(null)).rejects.toThrow('status 401');
    await expect(connect('nonsense')).rejects.toThrow('status 401');
    await expect(connect('free-token')).rejects.toThrow('status 403');
  });

  it('ingest -> flow table -> fan-out reaches a real client; gone connections are removed; the reset clears', async () => {
    const client = await openRegisteredSocket(fx.port, 'sub-token', 'u-sub');
    const connections = new ConnectionRepository(documentClient());
    await connections.add('gone-connection', 'u-x');
    const fanout = new FlowFanout(documentClient());
    const universe = [
      { symbol: 'SPY', kind: 'etf' as const, close: 511.72, prevClose: 514.81, dollarVolume: 3e10, vol: 0.12 },
    ];
    const state = new FlowDayState({ date: '2024-03-08', universe, seed: 7 });
    const records = Array.from(
      { length: 5 },
      (_, i) => simulateTrades(state, `it-${i}`, 11 * 3600 + i, 0.3, false)[0]!,
    );

    const written = await ingestLiveRecords({ option_activity: records.slice(0, 1) }, fanout);
    const first = await client.next();
    expect(first.event).toBe('new_flow');
    expect(JSON.parse((first as { data: string }).data)).toEqual(written[0]);

    // A burst: everything arrives, possibly coalesced into fewer frames.
    const burst = await ingestLiveRecords({ option_activity: records.slice(1) }, fanout);
    const got: FlowTrade[] = [];
    while (got.length < 4) got.push(JSON.parse(((await client.next()) as { data: string }).data) as FlowTrade);
    expect(got.map((t) => t.key).sort()).toEqual(burst.map((t) => t.key).sort());
    await fanout.flush();
    expect((await connections.list()).some((c) => c.connectionId === 'gone-connection')).toBe(false);

    const current = currentFlowResponse.parse((await api.get('get_current_options_flow')).body);
    const keys = new Set(current.options_flow.map((t) => t.key));
    expect(written.concat(burst).every((t) => keys.has(t.key))).toBe(true);

    const socket = testSocketResponse.parse((await api.get('test_socket')).body);
    expect(socket.ok).toBe(true);
    expect(socket.connections).toBeGreaterThanOrEqual(1);
    expect(socket.last_fanout).not.toBeNull();

    await runFlowReset({ from: '2024-03-08', to: '2024-03-08' });
    expect(await client.next()).toEqual({ event: 'database_cleared' });
    const after = currentFlowResponse.parse((await api.get('get_current_options_flow')).body);
    expect(after.options_flow.some((t) => keys.has(t.key) && written.some((w) => w.key === t.key))).toBe(false);
    expect(after.options_flow.length).toBe(current.options_flow.length - 5);
    client.ws.close();
  });

  it('a socket whose user is no longer a subscriber is closed by the server and gets no more trades', async () => {
    users['late-token'] = {
      userId: 'u-late',
      username: 'lateuser1',
      email: 'late@example.com',
      subscription: 'basic',
      token: 'late-token',
    };
    await seedPlan('u-late', 'basic');
    const client = await openRegisteredSocket(fx.port, 'late-token', 'u-late');
    const closed = new Promise<number>((r) => client.ws.once('close', (code) => r(code)));
    // Plans re-read on every connection listing (production: every 30 s), listings at most once a second.
    const fanout = new FlowFanout(documentClient(), connectionsBroadcaster(documentClient(), 0));
    const universe = [
      { symbol: 'QQQ', kind: 'etf' as const, close: 439, prevClose: 440, dollarVolume: 2e10, vol: 0.15 },
    ];
    const state = new FlowDayState({ date: '2024-03-08', universe, seed: 9 });
    const record = (i: number) => simulateTrades(state, `rv-${i}`, 12 * 3600 + i, 0.5, false)[0]!;
    const [first] = await ingestLiveRecords({ option_activity: [record(0)] }, fanout);
    expect(JSON.parse(((await client.next()) as { data: string }).data).key).toBe(first!.key);
    // The payment failed or support set the plan to free while the socket stayed open.
    await seedPlan('u-late', 'free');
    advanceWallClock(1_100);
    await ingestLiveRecords({ option_activity: [record(1)] }, fanout);
    await fanout.flush();
    expect(await closed).toBe(1000);
    expect((await new ConnectionRepository(documentClient()).list()).some((c) => c.userId === 'u-late')).toBe(false);
  });

  it('the Management API path (what AWS uses) delivers to a live connection and reports a gone one', async () => {
    const client = await openRegisteredSocket(fx.port, 'sub-token', 'u-sub');
    const ids = (await new ConnectionRepository(documentClient()).list()).map((c) => c.connectionId);
    const frame = { event: 'database_cleared' } as const;
    // Only the live client's id answers 200; the others are closed sockets of earlier tests.
    const delivered = await Promise.all(ids.map((id) => postViaManagementApi(id, JSON.stringify(frame))));
    expect(delivered.filter(Boolean)).toHaveLength(1);
    expect(await client.next()).toEqual(frame);
    expect(await postViaManagementApi('no-such-connection', JSON.stringify(frame))).toBe(false);
    client.ws.close();
  });
});
