import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { firstFlowDay } from '@tapewatch/functions/data/flow-first-day';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { compareNewestFirst } from '@tapewatch/functions/domain/flow/trade';
import { clearCurrentFlowPayload } from '@tapewatch/functions/http/flow/current-flow-payload';
import { FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { runFlowReset } from '@tapewatch/functions/jobs/flow-reset';
import { registerAuthenticator, type Caller } from '@tapewatch/functions/lib/auth-guard';
import { FlowDayState, simulateTrades } from '@tapewatch/functions/providers/demo/flow-simulator';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import { currentFlowResponse, MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { startTestRuntime } from '../test/runtime-fixture.ts';

// Issue 23 item 1: the current flow is a payload kept serialized per container, appended on ingest.
const users: Record<string, Caller> = {
  'sub-token': {
    userId: 'u-sub',
    username: 'subscriber1',
    email: 'sub@example.com',
    subscription: 'basic',
    token: 'sub-token',
  },
  'free-token': {
    userId: 'u-free',
    username: 'freeuser1',
    email: 'free@example.com',
    subscription: 'free',
    token: 'free-token',
  },
};
const DATE = '2024-03-08';
const PATH = '/api/get_current_options_flow';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  registerAuthenticator(async (token) => users[token] ?? null);
});
afterAll(() => rt?.dispose());

const get = async (path: string, headers: Record<string, string> = {}, token: string | null = 'sub-token') => {
  const res = await fetch(rt.url + path, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), text, body: text ? (JSON.parse(text) as unknown) : null };
};

/** A GET with one Accept-Encoding, its body left compressed (fetch would decode it). */
const rawGet = (path: string, encoding: string) =>
  new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(
      rt.url + path,
      { headers: { authorization: 'Bearer sub-token', 'accept-encoding': encoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });

/** What the handler answered before the cache: the day read in full, sorted, capped, with key stats. */
async function uncached(): Promise<string> {
  const { trades } = await new FlowRepository(documentClient()).readDay(DATE);
  const flow = trades.sort(compareNewestFirst).slice(0, MAX_HISTORICAL_ROWS);
  return JSON.stringify({
    date: DATE,
    options_flow: flow,
    key_stats: keyStats(flow),
    first_date: await firstFlowDay(),
  });
}

const universe = [
  { symbol: 'SPY', kind: 'etf' as const, close: 511.72, prevClose: 514.81, dollarVolume: 3e10, vol: 0.12 },
];
const state = new FlowDayState({ date: DATE, universe, seed: 23 });
let n = 0;
/** One simulated vendor record at `seconds` after midnight. */
const record = (seconds: number) => simulateTrades(state, `cache-${n++}`, seconds, 0.3, false)[0]!;

describe('current flow payload (issue 23)', () => {
  it('keeps 401/403 for non-subscribers, with or without since', async () => {
    for (const path of [PATH, `${PATH}?since=x`]) {
      expect((await get(path, {}, null)).status).toBe(401);
      expect((await get(path, {}, 'free-token')).status).toBe(403);
    }
    expect((await get(`${PATH}?since=`)).status).toBe(400);
    expect((await get(`${PATH}?bogus=1`)).status).toBe(400);
  });

  it('answers with an ETag; the same ETag gets a bodiless 304 until a trade arrives', async () => {
    const a = await get(PATH);
    expect(a.status).toBe(200);
    expect(a.etag).toMatch(/^"[\w.-]+"$/);
    const b = await get(PATH, { 'if-none-match': a.etag! });
    expect(b.status).toBe(304);
    expect(b.text).toBe('');
    expect((await get(PATH, { 'if-none-match': '"other"' })).status).toBe(200);
    await ingestLiveRecords({ option_activity: [record(15 * 3600)] }, new FlowFanout(documentClient()));
    const c = await get(PATH, { 'if-none-match': a.etag! });
    expect(c.status).toBe(200);
    expect(c.etag).not.toBe(a.etag);
  });

  it('since: only the trades newer than the one the page holds, with the whole day key stats', async () => {
    const before = currentFlowResponse.parse((await get(PATH)).body);
    const newest = before.options_flow[0]!.key;
    const added = await ingestLiveRecords(
      { option_activity: [record(15 * 3600 + 10), record(15 * 3600 + 11), record(15 * 3600 + 12)] },
      new FlowFanout(documentClient()),
    );
    const since = currentFlowResponse.parse((await get(`${PATH}?since=${encodeURIComponent(newest)}`)).body);
    expect(since.options_flow.map((t) => t.key)).toEqual([...added].sort(compareNewestFirst).map((t) => t.key));
    const whole = currentFlowResponse.parse((await get(PATH)).body);
    expect(since.key_stats).toEqual(whole.key_stats);
    expect(whole.options_flow.length).toBe(before.options_flow.length + 3);
    // A key the server does not know (another day's): the whole list.
    expect(currentFlowResponse.parse((await get(`${PATH}?since=unknown`)).body).options_flow).toHaveLength(
      whole.options_flow.length,
    );
  });

  it('never serves a stale payload: after in-order, out-of-order and repeated writes and the reset it equals the uncached answer', async () => {
    const fanout = new FlowFanout(documentClient());
    expect((await get(PATH)).text).toBe(await uncached());
    // In order (newest), out of order (an 11:00 trade after 15:00 ones), a batch, and a repeated write.
    const late = await ingestLiveRecords({ option_activity: [record(15 * 3600 + 20)] }, fanout);
    expect((await get(PATH)).text).toBe(await uncached());
    await ingestLiveRecords({ option_activity: [record(11 * 3600 + 5)] }, fanout);
    expect((await get(PATH)).text).toBe(await uncached());
    await ingestLiveRecords(
      { option_activity: [record(15 * 3600 + 30), record(15 * 3600 + 31), record(9 * 3600 + 45)] },
      fanout,
    );
    expect((await get(PATH)).text).toBe(await uncached());
    await new FlowRepository(documentClient()).putLive(late);
    const after = await get(PATH);
    expect(after.text).toBe(await uncached());
    // A fresh container (no cached payload) answers the same bytes and ETag.
    clearCurrentFlowPayload();
    const cold = await get(PATH);
    expect(cold.text).toBe(after.text);
    expect(cold.etag).toBe(after.etag);
    // The daily reset drops the live trades: the payload follows.
    await runFlowReset({ from: DATE, to: DATE });
    const reset = await get(PATH);
    expect(reset.text).toBe(await uncached());
    expect(currentFlowResponse.parse(reset.body).options_flow.length).toBeLessThan(
      currentFlowResponse.parse(after.body).options_flow.length,
    );
  });
  it('sends the kept payload as brotli or gzip, whichever the client accepts, both decoding to the same answer', async () => {
    const plain = (await get(PATH)).text;
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(PATH, encoding);
      expect(res.encoding).toBe(encoding);
      expect(decode(res.body).toString('utf8')).toBe(plain);
    }
  });

  it('refuses a subscriber whose plan lapsed on the next request, though the payload stays kept', async () => {
    users['lapse-token'] = { ...users['sub-token']!, userId: 'u-lapse', token: 'lapse-token' };
    expect((await get(PATH, {}, 'lapse-token')).status).toBe(200);
    users['lapse-token'] = { ...users['lapse-token'], subscription: 'free' };
    expect((await get(PATH, {}, 'lapse-token')).status).toBe(403);
    expect((await get(PATH, {}, 'lapse-token')).text).not.toContain('options_flow');
  });
});
