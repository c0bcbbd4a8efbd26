import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  watchlistOverviewResponse,
  watchlistsResponse,
  watchlistWriteResponse,
  type Watchlist,
} from '@tapewatch/shared/schemas/watchlists';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { accountsClient } from './accounts-helpers.ts';
import { loggedInUser } from './payments-helpers.ts';

/** Issue 24: watchlists through the real handlers on the local runtime (one runtime, two users). */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof accountsClient>;
let token = '';
let otherToken = '';
beforeAll(async () => {
  process.env.MAIL_OUTBOX_QUIET = '1';
  process.env.RATE_LIMIT_MULTIPLIER = '100';
  rt = await startTestRuntime();
  api = accountsClient(rt.url);
  token = (await loggedInUser(rt.url, 'watch_free')).token;
  otherToken = (await loggedInUser(rt.url, 'watch_other')).token;
  // Read before the first request: it takes seconds on a busy machine, long enough for the server to
  // close an idle keep-alive socket that the blocked client then reuses (ECONNRESET).
  await universe();
});
afterAll(() => rt?.dispose());

const post = (name: string, body: unknown, t = token) => api.post(name, body, { token: t });
const lists = async (t = token): Promise<Watchlist[]> =>
  watchlistsResponse.parse((await api.get('get_watchlists', { token: t })).body).lists;
const listNamed = async (name: string): Promise<Watchlist> => (await lists()).find((l) => l.name === name)!;

describe('watchlists', () => {
  it('a new user has the empty default list "Watchlist"', async () => {
    expect(await lists()).toEqual([{ id: 'default', name: 'Watchlist', tickers: [], version: 0 }]);
  });

  it('adds to the default list: lowercase normalised, duplicates ignored, unknown reported by name and not added', async () => {
    const res = await post('add_watchlist_tickers', { tickers: ['aapl', ' $msft ', 'AAPL', 'NOPEX', 'S&P'] });
    expect(res.status).toBe(200);
    const w = watchlistWriteResponse.parse(res.body);
    expect(w.list.tickers).toEqual(['AAPL', 'MSFT']);
    expect(w.added).toEqual(['AAPL', 'MSFT']);
    expect(w.unknown).toEqual(['NOPEX', 'S&P']);
    expect(w.alert_message).toContain('NOPEX');
    const again = watchlistWriteResponse.parse(
      (await post('add_watchlist_tickers', { id: 'default', tickers: ['msft'] })).body,
    );
    expect(again.duplicates).toEqual(['MSFT']);
    expect(again.list.tickers).toEqual(['AAPL', 'MSFT']);
  });

  it('a single unknown ticker is a 404 with the usual alert, naming it', async () => {
    const res = await post('add_watchlist_tickers', { id: 'default', tickers: ['ZZZZQ'] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ alert_show: true });
    expect(res.body.alert_message).toContain('ZZZZQ');
  });

  it('removes and reorders; a stale version gets 409 and changes nothing', async () => {
    await post('add_watchlist_tickers', { id: 'default', tickers: ['NVDA'] });
    const before = (await lists())[0]!;
    const reordered = await post('order_watchlist_tickers', {
      id: 'default',
      tickers: ['NVDA', 'AAPL', 'MSFT'],
      version: before.version,
    });
    expect(reordered.status).toBe(200);
    expect((await lists())[0]!.tickers).toEqual(['NVDA', 'AAPL', 'MSFT']);
    const stale = await post('order_watchlist_tickers', {
      id: 'default',
      tickers: ['MSFT', 'AAPL', 'NVDA'],
      version: before.version,
    });
    expect(stale.status).toBe(409);
    const removed = watchlistWriteResponse.parse(
      (await post('remove_watchlist_tickers', { id: 'default', tickers: ['nvda'] })).body,
    );
    expect(removed.removed).toEqual(['NVDA']);
    expect(removed.list.tickers).toEqual(['AAPL', 'MSFT']);
  });

  it('creates, renames, reorders and deletes named lists; the default list cannot be deleted', async () => {
    const created = await post('create_watchlist', { name: 'Semis', tickers: ['nvda', 'AMD', 'nvda'] });
    expect(created.status).toBe(200);
    const semis = watchlistWriteResponse.parse(created.body).list;
    expect(semis.tickers).toEqual(['NVDA', 'AMD']);
    expect((await post('create_watchlist', { name: 'semis' })).status).toBe(409);
    expect((await post('rename_watchlist', { id: semis.id, name: 'Chips' })).status).toBe(200);
    expect((await lists()).map((l) => l.name)).toEqual(['Watchlist', 'Chips']);
    const reorder = await post('reorder_watchlists', { ids: [semis.id, 'default'] });
    expect(reorder.status).toBe(200);
    expect((await lists()).map((l) => l.id)).toEqual([semis.id, 'default']);
    expect((await post('reorder_watchlists', { ids: ['default'] })).status).toBe(409);
    expect((await post('delete_watchlist', { id: 'default' })).status).toBe(400);
    expect((await post('delete_watchlist', { id: semis.id })).status).toBe(200);
    expect((await lists()).map((l) => l.id)).toEqual(['default']);
    expect((await post('delete_watchlist', { id: semis.id })).status).toBe(404);
  });

  it('refuses an 11th named list with 409 and a clear message', async () => {
    for (let i = 1; i <= 10; i++) expect((await post('create_watchlist', { name: `L${i}` })).status).toBe(200);
    const over = await post('create_watchlist', { name: 'L11' });
    expect(over.status).toBe(409);
    expect(over.body.alert_message).toContain('at most 10 lists');
    expect(await lists()).toHaveLength(11);
    for (const l of (await lists()).filter((x) => x.id !== 'default')) await post('delete_watchlist', { id: l.id });
  });

  it('over the 200-ticker limit: refused without a partial write', async () => {
    const { stocks } = await universe();
    const created = watchlistWriteResponse.parse(
      (await post('create_watchlist', { name: 'Big', tickers: stocks.slice(0, 195) })).body,
    ).list;
    expect(created.tickers).toHaveLength(195);
    const over = await post('add_watchlist_tickers', { id: created.id, tickers: stocks.slice(195, 205) });
    expect(over.status).toBe(409);
    expect(over.body.alert_message).toContain('at most 200 tickers');
    expect((await listNamed('Big')).tickers).toHaveLength(195);
    expect((await post('add_watchlist_tickers', { id: created.id, tickers: stocks.slice(195, 200) })).status).toBe(200);
    expect((await listNamed('Big')).tickers).toHaveLength(200);
    // A request over 200 entries is malformed as a whole.
    expect((await post('add_watchlist_tickers', { id: created.id, tickers: stocks.slice(0, 201) })).status).toBe(400);
    await post('delete_watchlist', { id: created.id });
  });

  it('two tabs adding at the same time lose no ticker (conditional writes, retried)', async () => {
    const { stocks } = await universe();
    const created = watchlistWriteResponse.parse((await post('create_watchlist', { name: 'Race' })).body).list;
    const batch = stocks.slice(40, 56);
    const answers = await Promise.all(
      batch.map((t) => post('add_watchlist_tickers', { id: created.id, tickers: [t] })),
    );
    expect(answers.map((a) => a.status)).toEqual(batch.map(() => 200));
    const stored = await listNamed('Race');
    expect([...stored.tickers].sort()).toEqual([...batch].sort());
    expect(stored.version).toBe(1 + batch.length);
    // Concurrent removes and adds on the default list too (it starts unstored for a fresh user).
    const fresh = (await loggedInUser(rt.url, 'watch_race')).token;
    await Promise.all(stocks.slice(0, 8).map((t) => post('add_watchlist_tickers', { tickers: [t] }, fresh)));
    expect([...(await lists(fresh))[0]!.tickers].sort()).toEqual(stocks.slice(0, 8).sort());
  });

  it('edits of different lists at the same time all land; two tabs creating one name get one list', async () => {
    const { stocks } = await universe();
    const fresh = (await loggedInUser(rt.url, 'watch_mixed')).token;
    const other = watchlistWriteResponse.parse((await post('create_watchlist', { name: 'Other' }, fresh)).body).list;
    const toDefault = stocks.slice(60, 68);
    const toOther = stocks.slice(68, 76);
    const answers = await Promise.all([
      ...toDefault.map((t) => post('add_watchlist_tickers', { tickers: [t] }, fresh)),
      ...toOther.map((t) => post('add_watchlist_tickers', { id: other.id, tickers: [t] }, fresh)),
      post('rename_watchlist', { id: other.id, name: 'Renamed' }, fresh),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const [def, renamed] = await lists(fresh);
    expect([...def!.tickers].sort()).toEqual([...toDefault].sort());
    expect(def!.version).toBe(toDefault.length);
    expect(renamed).toMatchObject({ id: other.id, name: 'Renamed', version: 1 + toOther.length + 1 });
    expect([...renamed!.tickers].sort()).toEqual([...toOther].sort());
    const same = await Promise.all([1, 2, 3, 4].map(() => post('create_watchlist', { name: 'Twice' }, fresh)));
    expect(same.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await lists(fresh)).filter((l) => l.name === 'Twice')).toHaveLength(1);
  });

  it('lists are private: another user sees only their own, and cannot touch an id of mine', async () => {
    const mine = (await lists()).find((l) => l.name === 'Race')!;
    expect((await lists(otherToken)).map((l) => l.id)).toEqual(['default']);
    expect((await post('add_watchlist_tickers', { id: mine.id, tickers: ['AAPL'] }, otherToken)).status).toBe(404);
    expect((await post('delete_watchlist', { id: mine.id }, otherToken)).status).toBe(404);
    expect((await api.get('get_watchlists')).status).toBe(401);
  });

  it('the overview has quote, returns and the latest datasets per ticker', async () => {
    const res = await fetch(`${rt.url}/api/get_watchlist_overview?id=default`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const o = watchlistOverviewResponse.parse(await res.json());
    expect(o.rows.map((r) => r.ticker)).toEqual(['AAPL', 'MSFT']);
    const aapl = o.rows[0]!;
    expect(aapl.price).toBe(170.73);
    expect(aapl.return_1w).not.toBeNull();
    expect(aapl.return_1m).not.toBeNull();
    expect(aapl.dp_position).not.toBeNull();
    expect(aapl.si_pct_float).not.toBeNull();
  });
});

let cachedUniverse: { stocks: string[] } | undefined;
async function universe(): Promise<{ stocks: string[] }> {
  if (cachedUniverse) return cachedUniverse;
  const { readStocks } = await import('../demo-data/universe.ts');
  cachedUniverse = {
    stocks: [...readStocks()]
      .map((s) => s.ticker)
      .filter((t) => /^[A-Z]+$/.test(t))
      .slice(0, 260),
  };
  return cachedUniverse;
}
