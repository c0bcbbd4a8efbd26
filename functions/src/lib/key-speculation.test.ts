import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from './auth-guard.ts';

/**
 * Issue 26: a read-only route runs while an API key is being counted, with the caller the key was
 * last accepted as. These tests hold the key check open and decide its outcome, to show that the
 * early answer is released only when the check confirms the same caller, and never otherwise.
 */
const keyCheck = vi.hoisted(() => ({
  pending: [] as Array<(caller: Caller | null) => void>,
  provisional: null as Caller | null,
}));

vi.mock('../platform/api-key-authenticator.ts', () => ({
  apiKeyAuthenticator: () => new Promise<Caller | null>((resolve) => keyCheck.pending.push(resolve)),
  provisionalKeyCaller: () => keyCheck.provisional,
}));

const { defineHandler } = await import('./http.ts');

const KEY = `tw_live_${'a'.repeat(43)}`;
const verdict = {
  allowed: true,
  limit: 60,
  remaining: 59,
  resetSeconds: 30,
  window: 'minute',
  policy: '60;w=60, 5000;w=86400',
} as const;
const identity = (subscription: string): Caller => ({
  userId: 'u1',
  username: 'trader_1',
  email: 't@example.com',
  subscription,
  token: '',
});
const counted = (subscription: string, allowed = true): Caller => ({
  ...identity(subscription),
  apiKey: { keyId: 'k1', quota: { ...verdict, allowed, remaining: allowed ? 59 : 0 } },
});

const event = (path: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: `Bearer ${KEY}` },
    requestContext: { requestId: 'r', http: { method: 'GET', path } },
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

/** Handlers that record the caller of each run and answer with its plan. */
function recorded() {
  const runs: Array<Caller | null> = [];
  const read = defineHandler('get_watchlists', async ({ caller }) => {
    runs.push(caller);
    return { lists: [], limits: { lists: 10, tickers: 200 }, plan: caller?.subscription } as never;
  });
  const subscriberRead = defineHandler('get_watchlist_flow', async ({ caller }) => {
    runs.push(caller);
    return { plan: caller?.subscription } as never;
  });
  const write = defineHandler('create_watchlist', async ({ caller }) => {
    runs.push(caller);
    return { lists: [] } as never;
  });
  return { runs, read, subscriberRead, write };
}

/** Lets the handler chain run up to its next wait. */
const settle = () => new Promise((r) => setTimeout(r, 0));

async function decide(caller: Caller | null): Promise<void> {
  await settle();
  expect(keyCheck.pending).toHaveLength(1);
  keyCheck.pending.shift()!(caller);
}

describe('a read-only route while the key is counted', () => {
  // The container's first key request loads the key authenticator (and with it what was last seen).
  beforeAll(async () => {
    const first = recorded().read(event('/api/get_watchlists'));
    await decide(counted('basic'));
    await first;
  });
  beforeEach(() => {
    keyCheck.pending.length = 0;
    keyCheck.provisional = identity('basic');
  });

  it('starts before the key check answers, and keeps that answer when the check confirms the caller', async () => {
    const { runs, read } = recorded();
    const answer = read(event('/api/get_watchlists'));
    await settle();
    expect(runs).toHaveLength(1);
    await decide(counted('basic'));
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(runs).toHaveLength(1);
    expect(res.headers?.['ratelimit-remaining']).toBe('59');
  });

  it('answers 401 and nothing of the early answer when the key was revoked meanwhile', async () => {
    const { runs, read } = recorded();
    const answer = read(event('/api/get_watchlists'));
    await decide(null);
    const res = await answer;
    expect(runs).toHaveLength(1);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('lists');
  });

  it('answers 429 when the count finds the quota used up', async () => {
    const { read } = recorded();
    const answer = read(event('/api/get_watchlists'));
    await decide(counted('basic', false));
    expect((await answer).statusCode).toBe(429);
  });

  it('runs again with the confirmed caller when the plan changed', async () => {
    const { runs, read } = recorded();
    const answer = read(event('/api/get_watchlists'));
    await decide(counted('free'));
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(runs.map((c) => c?.subscription)).toEqual(['basic', 'free']);
    expect(JSON.parse(res.body!).plan).toBe('free');
  });

  it('refuses a subscriber route with 403 when the plan lapsed meanwhile', async () => {
    const { runs, subscriberRead } = recorded();
    const answer = subscriberRead(event('/api/get_watchlist_flow'));
    await decide(counted('free'));
    const res = await answer;
    expect(runs).toHaveLength(1);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('plan');
  });

  it('does not start a subscriber route early for a caller last seen without the plan', async () => {
    keyCheck.provisional = identity('free');
    const { runs, subscriberRead } = recorded();
    const answer = subscriberRead(event('/api/get_watchlist_flow'));
    await settle();
    expect(runs).toHaveLength(0);
    await decide(counted('basic'));
    expect((await answer).statusCode).toBe(200);
    expect(runs).toHaveLength(1);
  });

  it('never starts a route that writes before the key is confirmed', async () => {
    const { runs, write } = recorded();
    const answer = write({ ...event('/api/create_watchlist'), body: '{"name":"x"}' });
    await settle();
    expect(runs).toHaveLength(0);
    await decide(null);
    expect((await answer).statusCode).toBe(401);
    expect(runs).toHaveLength(0);
  });

  it('does not start early for a key this container has not accepted before', async () => {
    keyCheck.provisional = null;
    const { runs, read } = recorded();
    const answer = read(event('/api/get_watchlists'));
    await settle();
    expect(runs).toHaveLength(0);
    await decide(counted('basic'));
    expect((await answer).statusCode).toBe(200);
  });
});
