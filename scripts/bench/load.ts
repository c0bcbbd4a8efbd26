import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { parseFrame } from '@tapewatch/shared/ws/messages';
import { subscriberToken } from './accounts.ts';
import type { RunningServer } from './startup.ts';

/**
 * `npm run bench -- --load`: the local runtime under sustained mixed traffic for a bounded time:
 * free screens and options-flow queries from 10 connections (signed in as a subscriber), while 100
 * websocket subscribers receive the live player's trades at TAPEWATCH_FLOW_RATE (10/s here).
 * Reports throughput held, p50/p99, errors, websocket delivery and the server's memory slope.
 */
export interface LoadResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  ws: { clients: number; eventsMin: number; eventsMax: number; disconnects: number };
  /**
   * The server's resident memory (MB) sampled every 2 s. `anon` is what the process itself allocated
   * (JS heap, native buffers, malloc); `file` is LevelDB's table files mapped read-only: clean page
   * cache the kernel reclaims under pressure, which grows with the data written, not with a leak.
   * The target "flat" is judged on `anon` (and on the JS heap after a full GC, sampled every 30 s).
   */
  memory: { rss: Series; anon: Series; file: Series; heapAfterGc: Series | null };
  /** The server's own split at the start and the end (MB): JS heap in use vs memory outside it. */
  process: { start: MemorySplit | null; end: MemorySplit | null };
}

const day = encodeURIComponent('{"start":"2024-03-07","end":"2024-03-08"}');
const filters = encodeURIComponent('[{"filter":"Premium","selector":"Greater than equal","value":"25"}]');
/** What a mixed crowd opens: free screens (visitors and users) and the paid flow views. */
export const LOAD_PATHS = [
  '/api/get_sector_performance_data',
  '/api/get_spy_to_vix_data',
  '/api/get_sector_rotation_data?index=nasdaq100&lookback=26&factor=momentum',
  '/api/get_clusters_table_data',
  '/api/search_tickers?fragment=app',
  '/api/get_dark_pool_data?top=Dark%20Pools%20Position%20%24&minmax=desc',
  '/api/get_short_interest?top=float',
  '/api/get_signals_data',
  '/api/get_current_options_flow',
  `/api/get_historical_options_flow?dates=${day}&filters=${filters}`,
  '/api/get_options_flow_most_otm_data',
  '/api/get_user_info',
];

export interface MemorySplit {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** process.memoryUsage() of the server in MB, after a full GC when the server exposes one (--expose-gc). */
async function memorySplit(url: string): Promise<MemorySplit | null> {
  const res = await fetch(`${url}/dev/memory?gc=1`).catch(() => null);
  if (!res?.ok) return null;
  const m = (await res.json()) as Record<keyof MemorySplit, number>;
  const mb = (v: number) => Math.round(v / 1048576);
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
  };
}

/** Resident memory of a process in MB, from /proc: total, anonymous and file-backed. */
function residentMb(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

export interface Series {
  startMb: number;
  endMb: number;
  peakMb: number;
  /** MB per minute after warm-up (the first 20 % of the run: caches filling). */
  slopeMbPerMin: number;
  samples: number;
}

function series(points: Array<[number, number]>): Series {
  const mb = points.map((p) => p[1]);
  return {
    startMb: Math.round(mb[0]!),
    endMb: Math.round(mb[mb.length - 1]!),
    peakMb: Math.round(Math.max(...mb)),
    slopeMbPerMin: +slope(points.slice(Math.floor(points.length / 5))).toFixed(2),
    samples: points.length,
  };
}

/** Least-squares slope of (minutes, MB). */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const sxy = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const sxx = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

export async function runLoad(server: RunningServer, seconds: number, clients = 100): Promise<LoadResult> {
  const token = await subscriberToken(server.url);
  const counts: number[] = new Array<number>(clients).fill(0);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < clients; i++) {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
    ws.on('message', (data) => {
      for (const e of parseFrame(data.toString())) if (e.event === 'new_flow') counts[i]! += 1;
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    sockets.push(ws);
  }

  // Delivery is compared over the same window for every client (they connected one after another).
  const before = [...counts];
  const splitStart = await memorySplit(server.url);
  const resident: Array<{ t: number } & ReturnType<typeof residentMb>> = [];
  const heap: Array<[number, number]> = [];
  const t0 = performance.now();
  const minutes = () => (performance.now() - t0) / 60_000;
  const sample = () => resident.push({ t: minutes(), ...residentMb(server.pid) });
  const sampleHeap = async () => {
    const t = minutes();
    const split = await memorySplit(server.url);
    if (split) heap.push([t, split.heapUsed]);
  };
  sample();
  if (splitStart) heap.push([0, splitStart.heapUsed]);
  const sampler = setInterval(sample, 2000);
  // A full GC takes the server ~0.1 s: every 30 s is enough for a slope and barely touches the p99.
  const heapSampler = setInterval(() => void sampleHeap(), 30_000);
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    requests: LOAD_PATHS.map((path) => ({ method: 'GET' as const, path })),
  });
  clearInterval(sampler);
  clearInterval(heapSampler);
  sample();
  const splitEnd = await memorySplit(server.url);
  if (splitEnd) heap.push([minutes(), splitEnd.heapUsed]);
  const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  // Frames still on their way when the load stopped.
  await new Promise((r) => setTimeout(r, 1000));
  const received = counts.map((c, i) => c - before[i]!);
  for (const s of sockets) s.terminate();
  return {
    seconds,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    ws: { clients, eventsMin: Math.min(...received), eventsMax: Math.max(...received), disconnects: clients - open },
    memory: {
      rss: series(resident.map((r) => [r.t, r.rss])),
      anon: series(resident.map((r) => [r.t, r.anon])),
      file: series(resident.map((r) => [r.t, r.file])),
      heapAfterGc: heap.length >= 2 ? series(heap) : null,
    },
    process: { start: splitStart, end: splitEnd },
  };
}
