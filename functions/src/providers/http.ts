/**
 * The only I/O seam of the providers: production passes a fetch-backed HttpGet, tests replay
 * recorded samples through the very same code path.
 */
export interface HttpResponse {
  status: number;
  text(): Promise<string>;
  /** Response headers (Retry-After on a 429 or 503); absent on replies that carry none. */
  headers?: { get(name: string): string | null };
}
export type HttpGet = (url: string, init?: { headers?: Record<string, string> }) => Promise<HttpResponse>;

export type ProviderName = 'finra' | 'cboe' | 'polygon' | 'benzinga' | 'shiller' | 'nasdaq' | 'demo';

export class ProviderError extends Error {
  readonly provider: ProviderName;
  readonly retryable: boolean;
  constructor(provider: ProviderName, message: string, retryable: boolean) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
    this.provider = provider;
    this.retryable = retryable;
  }
}

/** 404: the resource does not exist, e.g. no FINRA file for a market holiday. Not retryable. */
export class ProviderNotFoundError extends ProviderError {
  readonly url: string;
  constructor(provider: ProviderName, url: string, what: string, status = 404) {
    super(provider, `no data: ${what} (HTTP ${status} at ${url})`, false);
    this.name = 'ProviderNotFoundError';
    this.url = url;
  }
}

/** Any other non-2xx; 429 and 5xx are marked retryable. */
export class ProviderHttpError extends ProviderError {
  readonly status: number;
  readonly url: string;
  /** The server's Retry-After, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | null;
  constructor(provider: ProviderName, status: number, url: string, hint = '', retryAfterMs: number | null = null) {
    super(provider, `HTTP ${status} at ${url}${hint ? ` (${hint})` : ''}`, status === 429 || status >= 500);
    this.name = 'ProviderHttpError';
    this.status = status;
    this.url = url;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The request itself failed (DNS, reset, timeout). Retryable. */
export class ProviderNetworkError extends ProviderError {
  constructor(provider: ProviderName, url: string, cause: unknown) {
    // Runtime messages can echo the request URL, so they are scrubbed like the URL itself.
    const detail = (cause instanceof Error ? cause.message : String(cause)).replace(
      /([?&](?:token|api_?key|key)=)[^&\s]*/gi,
      '$1REDACTED',
    );
    super(provider, `request failed at ${url}: ${detail}`, true);
    this.name = 'ProviderNetworkError';
  }
}

/** The body is not the wire format we expect (HTML error page, wrong JSON shape). */
export class ProviderFormatError extends ProviderError {
  constructor(provider: ProviderName, message: string) {
    super(provider, message, false);
    this.name = 'ProviderFormatError';
  }
}

export class MissingApiKeyError extends ProviderError {
  readonly envVar: string;
  constructor(provider: ProviderName, envVar: string) {
    super(provider, `API key missing: set the environment variable ${envVar} to use ${provider} data`, false);
    this.name = 'MissingApiKeyError';
    this.envVar = envVar;
  }
}

const SECRET_PARAMS = ['token', 'apikey', 'apiKey', 'api_key', 'key'];

/** Removes credentials from a URL before it goes into an error message or a log line. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const name of SECRET_PARAMS) if (u.searchParams.has(name)) u.searchParams.set(name, 'REDACTED');
    return u.toString();
  } catch {
    return url.replace(/([?&](?:token|api_?key|key)=)[^&]*/gi, '$1REDACTED');
  }
}

export interface RetryPolicy {
  /** Total attempts including the first. */
  attempts: number;
  baseDelayMs: number;
  /** Ceiling of one backoff wait (a Retry-After above it is still honoured). */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): the jitter source (tests pin it). */
  random?: () => number;
}

/**
 * Five attempts, 1 s doubling to at most 30 s: a free Polygon plan's 429 clears within the minute,
 * and a CDN's 503 within a few seconds.
 */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000 };

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before attempt `attempt + 1`: exponential backoff with "equal jitter" (half fixed, half
 * random, so concurrent clients spread out yet never retry at once), and never shorter than the
 * server's Retry-After.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | null): number {
  const exp = Math.min(policy.maxDelayMs ?? Number.POSITIVE_INFINITY, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exp / 2 + (policy.random ?? Math.random)() * (exp / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

export interface FetchOptions {
  provider: ProviderName;
  headers?: Record<string, string>;
  /** What the caller asked for, for the 404 message ("daily short volume for 2021-04-27"). */
  what: string;
  retry?: RetryPolicy;
  /** Extra hint for 401/403, e.g. which env var holds the key. */
  authHint?: string;
  /**
   * Statuses meaning "no such file". S3-backed CDNs (FINRA, CBOE) answer 403 rather than 404 for
   * a missing key because bucket listing is not public.
   */
  notFoundStatuses?: readonly number[];
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** GET with typed errors and exponential backoff on retryable failures. Returns the body text. */
export async function fetchText(http: HttpGet, url: string, opts: FetchOptions): Promise<string> {
  const policy = opts.retry ?? DEFAULT_RETRY;
  const sleep = policy.sleep ?? defaultSleep;
  const safeUrl = redactUrl(url);
  for (let attempt = 1; ; attempt += 1) {
    let error: ProviderError;
    try {
      const init = opts.headers ? { headers: opts.headers } : undefined;
      const res = await http(url, init);
      if (res.status >= 200 && res.status < 300) return await res.text();
      if ((opts.notFoundStatuses ?? [404]).includes(res.status))
        throw new ProviderNotFoundError(opts.provider, safeUrl, opts.what, res.status);
      const hint = res.status === 401 || res.status === 403 ? opts.authHint : undefined;
      error = new ProviderHttpError(
        opts.provider,
        res.status,
        safeUrl,
        hint,
        parseRetryAfter(res.headers?.get('retry-after')),
      );
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      error = new ProviderNetworkError(opts.provider, safeUrl, e);
    }
    if (!error.retryable || attempt >= policy.attempts) throw error;
    await sleep(backoffDelay(policy, attempt, error instanceof ProviderHttpError ? error.retryAfterMs : null));
  }
}

/** Parses a JSON body, mapping syntax errors to a typed format error. */
export function parseJsonBody(provider: ProviderName, body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new ProviderFormatError(
      provider,
      `${what}: response is not JSON (starts with ${JSON.stringify(body.slice(0, 40))})`,
    );
  }
}

/** HttpGet backed by the global fetch (Node 20), with a timeout so a hung CDN cannot stall a job. */
export function fetchHttpGet(timeoutMs = 30_000): HttpGet {
  return async (url, init) => {
    const res = await fetch(url, { headers: init?.headers, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: () => res.text(), headers: res.headers };
  };
}
