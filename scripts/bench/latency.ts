import { Agent, request } from 'node:http';

export interface LatencyResult {
  path: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  /** This process's CPU per answered request (ms): small next to the latency, or the client is measuring itself. */
  clientCpuMs?: number;
}

/** A request that has not answered after this long counts as an error, not a latency sample. */
const TIMEOUT_MS = 10_000;

/**
 * One GET to its last body byte, on the agent's keep-alive sockets: resolves with the time taken
 * and the status, or null on a socket error or timeout.
 */
function timedGet(agent: Agent, target: URL, headers: Record<string, string>): Promise<[number, number] | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(target, { agent, headers, timeout: TIMEOUT_MS }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve([performance.now() - started, res.statusCode ?? 0]));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;

/**
 * Hammers one URL with `connections` concurrent keep-alive connections (each sends its next
 * request when the last answer is complete) and reports latency percentiles to the last byte.
 *
 * Node's own HTTP client parses with llhttp (native). autocannon, used before, parses responses
 * with http-parser-js in JavaScript: on this 2-core machine it spent 4 ms of CPU per 0.26 MB answer
 * and 13 ms per 0.85 MB one (the server itself ~1 ms), so for the flow answers it measured itself
 * (issue 23: 85 vs 473 req/s for the same server). `clientCpuMs` shows what the client costs.
 */
export async function measureLatency(
  url: string,
  /** The path, or the n-th request's path (a query the server has not seen: its caches cold). */
  path: string | ((n: number) => string),
  connections = 10,
  seconds = 5,
  headers: Record<string, string> = {},
  /** Called once the warm-up is over, as the measured requests start. */
  onMeasureStart: () => void = () => {},
): Promise<LatencyResult> {
  const pathOf = typeof path === 'string' ? () => path : path;
  let sentCount = 0;
  const nextTarget = () => new URL(url + pathOf(sentCount++));
  // Warm the handler (cold start) and the per-container caches first, as a live Lambda would be.
  for (let i = 0; i < 20; i++) await fetch(nextTarget(), { headers }).then((r) => r.arrayBuffer());
  // What Chrome and Firefox send: large flow answers are measured compressed, as they travel.
  const sent = { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers };
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let non2xx = 0;
  onMeasureStart();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const r = await timedGet(agent, nextTarget(), sent);
        if (!r) continue;
        latencies.push(r[0]);
        if (r[1] < 200 || r[1] >= 300) non2xx += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    path: pathOf(0),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rps: Math.round(latencies.length / elapsedS),
    requests: latencies.length,
    non2xx,
    clientCpuMs:
      latencies.length === 0 ? 0 : Math.round(((cpu.user + cpu.system) / 1000 / latencies.length) * 100) / 100,
  };
}
