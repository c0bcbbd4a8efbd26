import autocannon from 'autocannon';

export interface LatencyResult {
  path: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
}

/** Hammers one URL with `connections` concurrent keep-alive connections and reports latency percentiles. */
export async function measureLatency(
  url: string,
  path: string,
  connections = 10,
  seconds = 5,
  headers: Record<string, string> = {},
): Promise<LatencyResult> {
  // Warm the handler (cold start) and the per-container caches first, as a live Lambda would be.
  for (let i = 0; i < 20; i++) await fetch(url + path, { headers }).then((r) => r.arrayBuffer());
  // Browsers always ask for gzip: large flow answers are measured compressed, as they travel.
  const result = await autocannon({
    url: url + path,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip', ...headers },
  });
  return {
    path,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}
