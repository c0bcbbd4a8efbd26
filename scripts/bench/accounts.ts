import autocannon from 'autocannon';
import { accountsClient } from '../local/accounts-helpers.ts';
import type { LatencyResult } from './latency.ts';

/**
 * Login and user-info latency at `connections` concurrent requests. Seeds one confirmed user
 * through the real endpoints (sign-up, emailed link from the local outbox, confirmation).
 * The server must run with RATE_LIMIT_MULTIPLIER high enough not to throttle the load itself
 * (the limiter's conditional write still runs on every login, so its cost is measured).
 */
export async function benchAccounts(url: string, connections = 10, seconds = 5): Promise<LatencyResult[]> {
  const api = accountsClient(url);
  const suffix = Date.now().toString(36);
  const username = `bench_${suffix}`.slice(0, 20);
  const email = `${username}@bench.example.com`;
  const password = 'Bench-Quartz-Lily-9';
  await api.signupAndConfirm(username, email, password);
  const loginBody = JSON.stringify({ username_or_email: username, password, remember: false });
  const headers = { 'content-type': 'application/json' };
  const first = await api.post('submit_login', JSON.parse(loginBody));
  if (first.status !== 200) throw new Error(`bench login failed: ${JSON.stringify(first.body)}`);
  const token = first.body.token as string;
  for (let i = 0; i < 20; i++) await api.post('submit_login', JSON.parse(loginBody));
  for (let i = 0; i < 20; i++) await api.get('get_user_info', { token });

  const run = async (path: string, opts: Partial<Parameters<typeof autocannon>[0]>): Promise<LatencyResult> => {
    const r = await autocannon({ url: url + path, connections, duration: seconds, ...opts });
    return {
      path,
      p50: r.latency.p50,
      p99: r.latency.p99,
      rps: Math.round(r.requests.average),
      requests: r.requests.total,
      non2xx: r.non2xx,
    };
  };
  return [
    await run('/api/submit_login', { method: 'POST', headers, body: loginBody }).then((r) => ({
      ...r,
      path: 'POST /api/submit_login',
    })),
    await run('/api/get_user_info', { headers: { authorization: `Bearer ${token}` } }).then((r) => ({
      ...r,
      path: 'GET /api/get_user_info (logged in)',
    })),
  ];
}

/**
 * A basic subscriber's token for the gated routes: a confirmed sign-up that pays through the
 * local checkout (the signed webhook upgrades the stored plan, as Stripe's would).
 */
/** The bench subscriber's password (creating an API key asks for it again). */
export const BENCH_PASSWORD = 'Bench-Quartz-Lily-9';

export async function subscriberToken(url: string): Promise<string> {
  const api = accountsClient(url);
  const username = `bsub_${Date.now().toString(36)}`.slice(0, 20);
  const email = `${username}@bench.example.com`;
  await api.signupAndConfirm(username, email, BENCH_PASSWORD);
  const login = await api.post('submit_login', {
    username_or_email: username,
    password: BENCH_PASSWORD,
    remember: false,
  });
  const token = login.body.token as string;
  const session = await fetch(`${url}/api/checkoutsession`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const { url: checkoutUrl } = (await session.json()) as { url: string };
  const paid = await fetch(`${new URL(checkoutUrl, url).href}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'promo=',
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`bench checkout failed: ${paid.status}`);
  for (let i = 0; i < 50; i++) {
    const me = await api.get('get_user_info', { token });
    if (me.body.subscription === 'basic') return token;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('bench subscriber was not upgraded by the local checkout');
}

// `node --import tsx scripts/bench/accounts.ts http://localhost:3250` against a running runtime.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'http://127.0.0.1:3000';
  console.table(await benchAccounts(url, 10, Number(process.env.BENCH_SECONDS ?? 5)));
}
