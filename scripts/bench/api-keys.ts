import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { BENCH_PASSWORD, subscriberToken } from './accounts.ts';
import { measureLatency, type LatencyResult } from './latency.ts';
import { startServer } from './startup.ts';

/** The route both are timed on: a user route a script calls, the same answer for either credential. */
export const KEY_BENCH_PATH = '/api/get_watchlists';
/** Issue 26: key-authenticated requests within 2 ms p50 of token-authenticated ones. */
export const KEY_VS_TOKEN_P50_BUDGET_MS = 2;

export interface KeyVsToken {
  token: LatencyResult;
  key: LatencyResult;
  /** Key p50 minus token p50 (the median of the alternating rounds' differences). */
  p50DiffMs: number;
}

/** Creating a key asks for the account's password again (the bench's user is made with it). */
async function createKey(url: string, authorization: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/create_api_key`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', password }),
  });
  if (res.status !== 200) throw new Error(`bench key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { secret: string }).secret;
}

/**
 * Token vs key on the same route, in alternating rounds so that drift in the machine's load falls on
 * both alike. The server must run with API_KEY_QUOTA_OVERRIDE raised (the bench sends thousands of
 * requests a minute, far over any plan's quota, and a 429 would be timed instead of the route).
 */
export async function benchKeyVsToken(
  url: string,
  authorization: string,
  seconds: number,
  rounds = 3,
): Promise<KeyVsToken> {
  // The subscriber made by subscriberToken (accounts.ts) has the bench password.
  const key = await createKey(url, authorization, BENCH_PASSWORD);
  const token: LatencyResult[] = [];
  const keyed: LatencyResult[] = [];
  for (let i = 0; i < rounds; i++) {
    token.push(await measureLatency(url, KEY_BENCH_PATH, 10, seconds, { authorization }));
    keyed.push(await measureLatency(url, KEY_BENCH_PATH, 10, seconds, { authorization: `Bearer ${key}` }));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const pick = (rs: LatencyResult[]): LatencyResult => {
    const p50 = median(rs.map((r) => r.p50));
    return rs.find((r) => r.p50 === p50)!;
  };
  return {
    token: { ...pick(token), path: `${KEY_BENCH_PATH} (token)` },
    key: { ...pick(keyed), path: `${KEY_BENCH_PATH} (API key)` },
    p50DiffMs: median(keyed.map((k, i) => k.p50 - token[i]!.p50)),
  };
}

/** `npx tsx scripts/bench/api-keys.ts [seconds]`: the comparison alone, on its own server. */
async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 5);
  const port = Number(process.env.BENCH_PORT ?? 3226);
  const dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-bench-keys-'));
  process.env.RATE_LIMIT_MULTIPLIER ??= '1000000';
  process.env.API_KEY_QUOTA_OVERRIDE ??= '100000000,100000000';
  const server = await startServer(port, dataDir);
  try {
    // As in the full bench: time a quiet server, not one still backfilling the demo data.
    await server.waitForOutput(/backfilled \S+ in/, schedules.filter((s) => s.demoBackfillDays !== null).length);
    const before = loadavg()[0]!.toFixed(2);
    const r = await benchKeyVsToken(server.url, `Bearer ${await subscriberToken(server.url)}`, seconds);
    console.table([r.token, r.key]);
    console.log(
      JSON.stringify({
        p50DiffMs: r.p50DiffMs,
        budgetMs: KEY_VS_TOKEN_P50_BUDGET_MS,
        loadAvg1mBefore: before,
        loadAvg1mAfter: loadavg()[0]!.toFixed(2),
      }),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
