declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
