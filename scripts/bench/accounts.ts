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
  const password = 'benchpass1';
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
    return { path, p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), requests: r.requests.total, non2xx: r.non2xx };
  };
  return [
    await run('/api/submit_login', { method: 'POST', headers, body: loginBody }).then((r) => ({ ...r, path: 'POST /api/submit_login' })),
    await run('/api/get_user_info', { headers: { authorization: `Bearer ${token}` } }).then((r) => ({ ...r, path: 'GET /api/get_user_info (logged in)' })),
  ];
}

// `node --import tsx scripts/bench/accounts.ts http://localhost:3250` against a running runtime.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'http://127.0.0.1:3000';
  console.table(await benchAccounts(url, 10, Number(process.env.BENCH_SECONDS ?? 5)));
}
