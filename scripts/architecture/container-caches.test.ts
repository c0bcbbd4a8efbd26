import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Module-level state of the functions that is not a cache of stored data, and why. Everything else
 * held at module level must be emptied with the container caches (onCachesCleared in
 * functions/src/lib/container-caches.ts; TtlLru and memoize register themselves): test files share a
 * process one after another, each on its own database, and the local runtime clears them at its start.
 */
const NOT_STORED_DATA: Record<string, string> = {
  'data/client.ts': 'the document client itself, replaced by resetDocumentClient',
  'lib/container-caches.ts': 'the registry of caches',
  'lib/auth-guard.ts': 'the registered authenticators (tests register their own and put them back)',
  'platform/payments.ts': 'the payments client, reset by the local runtime',
  'platform/identity.ts': 'the identity client, reset by the local runtime',
  'platform/mail.ts': 'the mailer, reset by the local runtime',
  'platform/realtime.ts': 'the WebSocket management client, reset by the local runtime',
  'platform/secret-env.ts': 'secrets loaded into the environment once per container',
  'providers/flow-feed.ts': 'the demo flow source, kept with the document client it reads',
  'jobs/flow-live.ts': 'alert deliveries keyed by the document client',
  'http/meta/get-openapi.ts': 'the OpenAPI document, built from the route table',
  'domain/flow/test-trade.ts': "a counter for test trades' ids",
  'domain/flow/answer-writer.ts': 'encoded bytes keyed (weakly) by the day object they encode',
  'domain/option-contract/contract-prints.ts': 'an index keyed (weakly) by the trade list it indexes',
  'domain/options-market/expirations.ts': 'listed expiries: a pure function of the date',
  'domain/options-market/oi-carry.ts': 'an empty constant map',
  'domain/calendar/nyse.ts': 'NYSE closures: a pure function of the year',
  'analytics/arma-kalman-gradient.ts': 'scratch buffers',
  'analytics/seeded-random.ts': "the seeded generator's lanes",
};

/** A module-level `let`, or a module-level empty Map/Set/WeakMap (constant tables are built with arguments). */
const MODULE_STATE = /^(export )?let \w+|^(export )?const \w+(: [^=]+)? = new (Map|Set|WeakMap)\b[^(]*\(\)/m;

describe('module-level caches of the functions (functions/src/lib/container-caches.ts)', () => {
  const files = readdirSync(join(ROOT, 'functions/src'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const holding = files.filter((f) => MODULE_STATE.test(readFileSync(join(ROOT, 'functions/src', f), 'utf8')));

  it('are emptied with the container caches, or say why they are not a cache of stored data', () => {
    expect(holding.length).toBeGreaterThan(10);
    const unregistered = holding.filter(
      (f) =>
        !(f in NOT_STORED_DATA) && !readFileSync(join(ROOT, 'functions/src', f), 'utf8').includes('onCachesCleared('),
    );
    expect(unregistered).toEqual([]);
  });

  it('names only files that hold module-level state', () => {
    expect(Object.keys(NOT_STORED_DATA).filter((f) => !holding.includes(f))).toEqual([]);
  });
});
