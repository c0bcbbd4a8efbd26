import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { accountsClient } from './accounts-helpers.ts';

export interface AccountsFixture {
  rt: Awaited<ReturnType<typeof startTestRuntime>>;
  api: ReturnType<typeof accountsClient>;
}

/**
 * The hooks of an account test file over HTTP: one runtime for the file, no outbox noise, and the
 * rate limits scaled up before each test (the limits have their own tests in accounts-session).
 * Read the fields inside tests: they are set once beforeAll has run.
 */
export function useAccountsRuntime(): AccountsFixture {
  const fixture = {} as AccountsFixture;
  beforeAll(async () => {
    process.env.MAIL_OUTBOX_QUIET = '1';
    fixture.rt = await startTestRuntime();
    fixture.api = accountsClient(fixture.rt.url);
  });
  afterAll(() => fixture.rt?.dispose());
  beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '100'));
  return fixture;
}
