import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { registerAuthenticator, type Caller } from '@tapewatch/functions/lib/auth-guard';
import { accountsClient } from '../local/accounts-helpers.ts';
import { apiClient, type ApiClient } from './api-client.ts';
import { SEED_WAIT_MS, seedDataDir, startTestRuntime } from './runtime-fixture.ts';

export interface IntegrationOptions {
  /** Environment set before the runtime starts (read by the handlers on each request). */
  env?: Record<string, string>;
  /** Environment set again before each test (tests may change it). */
  envEachTest?: Record<string, string>;
  /**
   * Made-up bearer tokens and their callers, registered as the authenticator once the runtime is up.
   * The map is read on every request: a test may add a caller later.
   */
  callers?: Record<string, Caller>;
  /** Start over an empty data directory instead of the demo seed (live-mode tests). */
  empty?: boolean;
  /** Token the typed client sends when a call names none. */
  token?: string | null;
}

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

export interface IntegrationFixture {
  /** The runtime; read it inside tests and hooks (it is set once beforeAll has run). */
  readonly rt: TestRuntime;
  readonly url: string;
  readonly port: number;
  /** Typed from the route table: `api.get('get_ts_arima_data', { ticker: 'AAPL' })`. */
  api: ApiClient;
  /** The account endpoints' client (outbox, emailed links, sign-up and confirmation). */
  accounts: ReturnType<typeof accountsClient>;
}

/** Quiet outbox, and the rate limits scaled up before each test (the limits have their own tests in accounts-session). */
export const ACCOUNT_TESTS: IntegrationOptions = {
  env: { MAIL_OUTBOX_QUIET: '1' },
  envEachTest: { RATE_LIMIT_MULTIPLIER: '100' },
};

/**
 * The one integration fixture of a test file: a local runtime (API only) over a private copy of the
 * seed data, started once before the file's tests and disposed after them, with clients bound to it.
 * Call it at the top of the file, before the file's own hooks (which then see the runtime up).
 */
export function useIntegrationRuntime(options: IntegrationOptions = {}): IntegrationFixture {
  let rt: TestRuntime | undefined;
  const runtime = (): TestRuntime => {
    if (!rt) throw new Error('the integration runtime is read before beforeAll started it');
    return rt;
  };
  const url = () => runtime().url;
  // The seed may still be building (global-setup.ts): waiting for it is not the runtime's start, so it
  // has its own hook and timeout.
  if (!options.empty) beforeAll(() => seedDataDir(), SEED_WAIT_MS);
  beforeAll(async () => {
    Object.assign(process.env, options.env);
    rt = await startTestRuntime(undefined, { seed: !options.empty });
    const callers = options.callers;
    if (callers) registerAuthenticator(async (token) => callers[token] ?? null);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await rt?.dispose();
  });
  if (options.envEachTest) beforeEach(() => void Object.assign(process.env, options.envEachTest));
  return {
    get rt() {
      return runtime();
    },
    get url() {
      return url();
    },
    get port() {
      return runtime().port;
    },
    api: apiClient(url, { token: options.token }),
    accounts: accountsClient(url),
  };
}

/** Made-up callers of the flow tests: a basic subscriber and a free user. */
export const flowCallers = (): Record<string, Caller> => ({
  'sub-token': {
    userId: 'u-sub',
    username: 'subscriber1',
    email: 'sub@example.com',
    subscription: 'basic',
    token: 'sub-token',
  },
  'free-token': {
    userId: 'u-free',
    username: 'freeuser1',
    email: 'free@example.com',
    subscription: 'free',
    token: 'free-token',
  },
});

/**
 * Moves the wall clock (Date) forward by `ms` at once, in place of sleeping past a time-based cache
 * (session state, plan rechecks, connection listings) or into the next whole second. The runtime runs
 * in this process, so its handlers see the same clock. Time keeps flowing after the jump and never
 * goes back while the file runs (the fixture restores the real clock after the file).
 */
export function advanceWallClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}
