import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { hashApiKey } from '@tapewatch/functions/domain/api-keys/secret';
import { apiKeysResponse, createApiKeyResponse } from '@tapewatch/shared/schemas/api-keys';
import { ACCOUNT_TESTS, advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { openLiveSocket, openRegisteredSocket, waitForConnections } from '../test/live-socket.ts';
import { scanApp } from './accounts-helpers.ts';
import { loggedInUser } from './payments-helpers.ts';

/** The password every loggedInUser of this file has (creating a key asks for it again). */
const PASSWORD = 'Brisk-Lantern-42';

/** Issue 26: API keys through the real handlers on the local runtime. */
const t = useIntegrationRuntime(ACCOUNT_TESTS);
let owner: Awaited<ReturnType<typeof loggedInUser>>;
let other: Awaited<ReturnType<typeof loggedInUser>>;
beforeAll(async () => {
  owner = await loggedInUser(t.url, 'keys_owner');
  other = await loggedInUser(t.url, 'keys_other');
});

const create = async (name: string, token = owner.token) => {
  const res = await t.api.post('create_api_key', { name, password: PASSWORD }, { token });
  expect(res.status, res.text).toBe(200);
  return createApiKeyResponse.parse(res.body);
};
const list = async (token = owner.token) =>
  apiKeysResponse.parse((await t.api.get('get_api_keys', {}, { token })).body).keys;
const revoke = (id: string, token = owner.token) => t.api.post('revoke_api_key', { id }, { token });
const setPlan = (userId: string, plan: string) => new UsersRepository(documentClient()).setSubscription(userId, plan);
const withQuota = async <T>(quota: string, run: () => Promise<T>): Promise<T> => {
  process.env.API_KEY_QUOTA_OVERRIDE = quota;
  try {
    return await run();
  } finally {
    delete process.env.API_KEY_QUOTA_OVERRIDE;
  }
};

describe('attacks on API keys', () => {
  it('guessed, malformed and revoked keys get the same 401: nothing tells which keys exist', async () => {
    const { key, secret } = await create('soon revoked');
    expect((await revoke(key.id)).status).toBe(200);
    const guesses = [
      secret, // revoked
      `tw_live_${'A'.repeat(43)}`, // well formed, never issued
      `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, // one character off a real one
      'tw_live_short', // malformed
      `tw_live_${hashApiKey(secret)}`, // the stored hash sent as if it were the key
    ];
    const answers = await Promise.all(guesses.map((g) => t.api.get('get_app_info', {}, { token: g })));
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.headers.get('ratelimit-limit')).toBeNull();
    }
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it("another user's key id is 'not found', exactly as an id that never existed", async () => {
    const { key } = await create('mine', other.token);
    const theirs = await revoke(key.id);
    const none = await revoke('0123456789abcdef');
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(none.text);
    expect((await list(other.token)).map((k) => k.id)).toContain(key.id);
    await revoke(key.id, other.token);
  });

  it('a key cannot call account routes: password, deletion, keys, payments, logout', async () => {
    const { key, secret } = await create('account probe');
    const opts = { token: secret };
    const refused = await Promise.all([
      t.api.post('delete_user', { password: PASSWORD }, opts),
      t.api.post('create_api_key', { name: 'minted by a key', password: PASSWORD }, opts),
      t.api.get('get_api_keys', {}, opts),
      t.api.post('revoke_api_key', { id: key.id }, opts),
      t.api.post('manage_subscription', undefined, opts),
      t.api.post('checkoutsession', {}, opts),
      t.api.post(
        'update_password',
        { password: 'Another-pass-9', password_confirmation: 'Another-pass-9', token: 'x' },
        opts,
      ),
      t.api.post('submit_logout', {}, opts),
      t.api.get('get_user_info', {}, opts),
    ]);
    for (const r of refused) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.alert_message).toMatch(/API keys cannot call account routes/);
    }
    // Still there: the key could not revoke itself or delete the account.
    expect((await list()).map((k) => k.id)).toContain(key.id);
    expect((await t.api.get('get_user_info', {}, { token: owner.token })).body.username).toBe(owner.username);
    await revoke(key.id);
  });

  it('stores only a hash: the secret appears nowhere in the table', async () => {
    const { secret } = await create('hash only');
    const dump = JSON.stringify(await scanApp());
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.slice('tw_live_'.length));
    expect(dump).toContain(hashApiKey(secret));
    for (const k of await list()) await revoke(k.id);
  });
});

describe('a key request that ends in an error (issue 35)', () => {
  // Found as a new user: a key, one good request, then one for an unknown ticker ended the process
  // (the early-started handler's 404 rejected before anything handled it).
  it('answers the alert and the server lives on, for every route that looked a ticker up', async () => {
    const { key, secret } = await create('error probe');
    const opts = { token: secret };
    expect((await t.api.get('get_ticker_info', { ticker: 'AAPL' }, opts)).status).toBe(200);
    const asked = [
      t.api.get('get_ticker_info', { ticker: 'ZZZZ' }, opts),
      t.api.get('get_ind_short_interest_info', { ticker: 'ZZZZ' }, opts),
      t.api.get('get_dark_pool_individual_data', { ticker: 'ZZZZ' }, opts),
    ];
    for (const res of await Promise.all(asked)) {
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ alert_show: true });
    }
    expect((await t.api.get('get_ticker_info', { ticker: 'MSFT' }, opts)).status).toBe(200);
    await revoke(key.id);
  });
});

describe('API keys', () => {
  it('creates, lists (never the secret) and revokes; the key works until revoked, then 401 at once', async () => {
    const { key, secret } = await create('  Notebook  ');
    expect(secret).toMatch(/^tw_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Notebook', prefix: secret.slice(0, 12), last_used_at: null });
    const listed = await list();
    expect(listed.map((k) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const used = await t.api.get('get_watchlists', {}, { token: secret });
    expect(used.status, used.text).toBe(200);
    const after = (await list())[0]!;
    expect(after.last_used_at).not.toBeNull();
    expect(after.usage.minute.used).toBe(1);
    expect(after.usage.day).toEqual({ used: 1, limit: 5000 });

    expect((await revoke(key.id)).status).toBe(200);
    const refused = await t.api.get('get_watchlists', {}, { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ alert_show: true });
    expect(await list()).toEqual([]);
  });

  it('refuses a sixth key, also when many are created at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api.post('create_api_key', { name: `k${i}`, password: PASSWORD }, { token: owner.token }),
      ),
    );
    expect(made.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = made.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(refused[0]!.body.alert_message).toMatch(/already have 5 API keys/);
    expect(await list()).toHaveLength(5);
    const sixth = await t.api.post('create_api_key', { name: 'sixth', password: PASSWORD }, { token: owner.token });
    expect(sixth.status).toBe(409);
    for (const k of await list()) await revoke(k.id);
  });

  it('bad names are a 400 alert', async () => {
    const blank = await t.api.post('create_api_key', { name: '   ', password: PASSWORD }, { token: owner.token });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ alert_show: true });
    const long = await t.api.post(
      'create_api_key',
      { name: 'x'.repeat(41), password: PASSWORD },
      { token: owner.token },
    );
    expect(long.status).toBe(400);
  });

  it('carries the plan as stored now: a lapsed plan loses subscriber routes on the next request', async () => {
    const { key, secret } = await create('plan');
    expect((await t.api.get('test_socket', {}, { token: secret })).status).toBe(403);
    await setPlan(owner.userId, 'basic');
    const paid = await t.api.get('test_socket', {}, { token: secret });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.headers.get('ratelimit-policy')).toBe('300;w=60, 100000;w=86400');
    await setPlan(owner.userId, 'free');
    const lapsed = await t.api.get('test_socket', {}, { token: secret });
    expect(lapsed.status).toBe(403);
    expect(lapsed.body.alert_message).toMatch(/subscribe/);
    expect(lapsed.headers.get('ratelimit-policy')).toBe('60;w=60, 5000;w=86400');
    await revoke(key.id);
  });

  it('deleting the account deletes its keys: refused at once, nothing of them left in the table', async () => {
    const leaving = await loggedInUser(t.url, 'keys_leaving');
    const { secret } = await create('goes with the account', leaving.token);
    expect((await t.api.get('get_watchlists', {}, { token: secret })).status).toBe(200);
    expect((await t.api.post('delete_user', { password: leaving.password }, { token: leaving.token })).status).toBe(
      200,
    );
    expect((await t.api.get('get_watchlists', {}, { token: secret })).status).toBe(401);
    const left = (await scanApp()).filter(
      (i) =>
        String(i.pk).startsWith('APIKEY') && (i.userId === leaving.userId || String(i.pk).endsWith(leaving.userId)),
    );
    expect(left).toEqual([]);
  });

  it('the live feed takes a key of a subscriber, not of a free user', async () => {
    const { key, secret } = await create('socket');
    await expect(openLiveSocket(t.port, secret)).rejects.toThrow('status 403');
    await setPlan(owner.userId, 'basic');
    const socket = await openLiveSocket(t.port, secret);
    socket.ws.close();
    await setPlan(owner.userId, 'free');
    await revoke(key.id);
    await expect(openLiveSocket(t.port, secret)).rejects.toThrow('status 401');
  });

  it("revoking a key closes the sockets open with it, told why, and leaves the owner's other sockets open", async () => {
    const revoked = await create('socket-revoked');
    const kept = await create('socket-kept');
    await setPlan(owner.userId, 'basic');
    const doomed = await openRegisteredSocket(t.port, revoked.secret, owner.userId);
    const other = await openRegisteredSocket(t.port, kept.secret, owner.userId);
    await revoke(revoked.key.id);
    expect((await doomed.closed).code).toBeGreaterThan(0);
    expect(doomed.events).toContainEqual({ event: 'session_closed', reason: 'key_revoked' });
    await waitForConnections((records) => !records.some((c) => c.connectionId === doomed.connectionId));
    expect(other.ws.readyState).toBe(other.ws.OPEN);
    other.ws.close();
    await setPlan(owner.userId, 'free');
    await revoke(kept.key.id);
  });
});

describe('quotas', () => {
  it('answers with RateLimit headers, then 429 with Retry-After and the alert; the next minute opens again', async () => {
    // Each quota test has an account of its own: the quota is the account's, not the key's.
    const user = await loggedInUser(t.url, 'quota_headers');
    const { key, secret } = await create('quota', user.token);
    await withQuota('3,1000', async () => {
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const ok = await t.api.get('get_app_info', {}, { token: secret });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('ratelimit-limit')).toBe('3');
        expect(Number(ok.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
        expect(ok.headers.get('cache-control')).toBe('no-store');
        remaining.push(ok.headers.get('ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const over = await t.api.get('get_app_info', {}, { token: secret });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ alert_show: true });
      expect(over.body.alert_message).toMatch(/3 requests of this minute/);
      const retry = Number(over.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(over.headers.get('ratelimit-remaining')).toBe('0');
      advanceWallClock(retry * 1000);
      expect((await t.api.get('get_app_info', {}, { token: secret })).status).toBe(200);
      // The new minute starts from 1 while the day keeps every request (refused ones included).
      const usage = (await list(user.token)).find((k) => k.id === key.id)!.usage;
      expect(usage.minute.used).toBe(1);
      expect(usage.day.used).toBe(5);
    });
    // Browser sessions keep today's behaviour: no key quota, no RateLimit headers.
    const session = await t.api.get('get_app_info', {}, { token: user.token });
    expect(session.headers.get('ratelimit-limit')).toBeNull();
    await revoke(key.id, user.token);
  });

  it('the daily window refuses once spent, with the wait until the end of the UTC day', async () => {
    const user = await loggedInUser(t.url, 'quota_daily');
    const { key, secret } = await create('daily', user.token);
    await withQuota('100,2', async () => {
      for (let i = 0; i < 2; i++) expect((await t.api.get('get_app_info', {}, { token: secret })).status).toBe(200);
      const over = await t.api.get('get_app_info', {}, { token: secret });
      expect(over.status).toBe(429);
      expect(over.body.alert_message).toMatch(/2 requests of this day/);
      expect(over.headers.get('ratelimit-limit')).toBe('2');
      expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    });
    await revoke(key.id, user.token);
  });

  it('requests at once share counter writes yet each gets its own place: remaining counts down without repeats', async () => {
    const user = await loggedInUser(t.url, 'quota_parallel');
    const { key, secret } = await create('parallel', user.token);
    const remaining = await withQuota('40,1000', async () => {
      advanceWallClock(0);
      const sec = Math.floor(Date.now() / 1000) % 60;
      if (sec > 50) advanceWallClock((61 - sec) * 1000);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => t.api.get('get_app_info', {}, { token: secret })),
      );
      return answers.map((a) => Number(a.headers.get('ratelimit-remaining')));
    });
    expect([...remaining].sort((a, b) => b - a)).toEqual(Array.from({ length: 12 }, (_, i) => 39 - i));
    expect((await list(user.token)).find((k) => k.id === key.id)!.usage.minute.used).toBe(12);
    await revoke(key.id, user.token);
  });

  it("the quota is the account's: revoking and re-creating a key, or using several keys, gives no fresh quota", async () => {
    const cycler = await loggedInUser(t.url, 'keys_cycler');
    const statuses = await withQuota('3,1000', async () => {
      advanceWallClock(0);
      const sec = Math.floor(Date.now() / 1000) % 60;
      if (sec > 45) advanceWallClock((61 - sec) * 1000);
      const seen: number[] = [];
      // Two keys at once share the account's minute: 2 + 1 requests spend it.
      const a = await create('cycle a', cycler.token);
      const b = await create('cycle b', cycler.token);
      for (const secret of [a.secret, b.secret, a.secret])
        seen.push((await t.api.get('get_app_info', {}, { token: secret })).status);
      const over = await t.api.get('get_app_info', {}, { token: b.secret });
      seen.push(over.status);
      expect(over.headers.get('ratelimit-remaining')).toBe('0');
      // The attack: revoke and re-create, five times; every new key is still over the same minute.
      for (let cycle = 0; cycle < 5; cycle++) {
        const keys = await list(cycler.token);
        for (const k of keys) await revoke(k.id, cycler.token);
        const fresh = await create(`cycle ${cycle}`, cycler.token);
        seen.push((await t.api.get('get_app_info', {}, { token: fresh.secret })).status);
      }
      return seen;
    });
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429]);
    for (const k of await list(cycler.token)) await revoke(k.id, cycler.token);
  });

  it('counts atomically: of 25 requests at once exactly the quota gets through', async () => {
    const user = await loggedInUser(t.url, 'quota_burst');
    const { key, secret } = await create('burst', user.token);
    const statuses = await withQuota('7,1000', async () => {
      advanceWallClock(0);
      // Start in a fresh minute window so none of the burst falls into the next one.
      const sec = Math.floor(Date.now() / 1000) % 60;
      if (sec > 50) advanceWallClock((61 - sec) * 1000);
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => t.api.get('get_app_info', {}, { token: secret })),
      );
      return answers.map((a) => a.status);
    });
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    const usage = (await list(user.token)).find((k) => k.id === key.id)!.usage;
    expect(usage.minute.used).toBe(25);
    await revoke(key.id, user.token);
  });
});
