import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '@tapewatch/functions/data/tables';
import { spawnScript, type Child } from '../test/faults/child-process.ts';
import { SEED_WAIT_MS, seedDataDir } from '../test/runtime-fixture.ts';
import { accountsClient } from './accounts-helpers.ts';
import { localDynamoClient, startDynalite } from './dynamo.ts';

/**
 * Issue 13 item 4, with real processes: the ingest CLI and the local runtime are SIGKILLed in the
 * middle of their work, started again on the same data directory, and the data is compared with an
 * uninterrupted run's.
 */
const dirs: string[] = [];
const children: Child[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

beforeAll(() => seedDataDir(), SEED_WAIT_MS);

function seedCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tapewatch-faults-'));
  dirs.push(dir);
  cpSync(inject('seedDataDir'), dir, { recursive: true });
  return dir;
}

const faults = { injected: 0, lost: 0, duplicated: 0 };
afterAll(() => {
  console.log(
    `faults: ${faults.injected} SIGKILLs injected (ingest and sign-up burst); items lost: ${faults.lost}; duplicated: ${faults.duplicated}`,
  );
});

// Three trading days the seed does not hold (it has the five days to 2024-03-08): enough for a kill
// after the first and inside the second and third, at a third of the old run's cost.
const INGEST = ['flow-ingest', '--from', '2024-02-05', '--to', '2024-02-07'];
const ingestEnv = (dir: string) => ({ DATA_DIR: dir, TAPEWATCH_FLOW_MAX_DAYS: '', DYNAMODB_ENDPOINT: '' });

interface FlowFingerprint {
  items: number;
  hash: string;
  trades: number;
  uniqueTrades: number;
}

/** Every item of the flow table (chunks unpacked), opened over the directory once no process holds it. */
async function flowFingerprint(dir: string): Promise<FlowFingerprint> {
  const dynamo = await startDynalite(join(dir, 'dynamodb'));
  try {
    const db = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    const lines: string[] = [];
    const tradeKeys: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new ScanCommand({ TableName: tableName('flow'), ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        const { z, ...rest } = item as Record<string, unknown> & { z?: Uint8Array };
        // A day's write head counts rewrites (`epoch`, the current-flow cache's validator): a run that
        // was killed and re-run rewrote its days more often by design; the data itself must be equal.
        if (rest.pk === 'FLOWHEAD') delete rest.epoch;
        const body = z ? gunzipSync(z).toString('utf8') : '';
        if (z && String(rest.sk).startsWith('C#'))
          tradeKeys.push(...(JSON.parse(body) as { key: string }[]).map((t) => t.key));
        lines.push(`${JSON.stringify(rest, Object.keys(rest).sort())}|${body}`);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    lines.sort();
    return {
      items: lines.length,
      hash: createHash('sha256').update(lines.join('\n')).digest('hex'),
      trades: tradeKeys.length,
      uniqueTrades: new Set(tradeKeys).size,
    };
  } finally {
    await dynamo.close();
  }
}

describe('faults: processes killed mid-work lose and duplicate nothing', () => {
  it('flow ingest SIGKILLed twice mid-run, then re-run: the same flow table as an uninterrupted run', async () => {
    const clean = seedCopy();
    const faulty = seedCopy();
    const cleanRun = spawnScript('scripts/ingest/main.ts', INGEST, ingestEnv(clean));
    children.push(cleanRun);
    expect(await cleanRun.exited).toBe(0);
    expect(cleanRun.lines.join('\n')).toMatch(/flow-ingest 2024-02-05\.\.2024-02-07: succeeded/);

    // Killed once a third and once two thirds of the days are done (each plus a random moment, so
    // the kill lands inside a day's work and batch writes rather than between days).
    for (const progress of [/flow-ingest: [3-9]\d%/, /flow-ingest: [6-9]\d%/]) {
      const run = spawnScript('scripts/ingest/main.ts', INGEST, ingestEnv(faulty));
      children.push(run);
      await run.waitForLine(progress, 120_000);
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      expect(await run.kill()).toBe('SIGKILL');
      expect(run.lines.join('\n')).not.toMatch(/succeeded/);
      faults.injected += 1;
    }
    const rerun = spawnScript('scripts/ingest/main.ts', INGEST, ingestEnv(faulty));
    children.push(rerun);
    expect(await rerun.exited).toBe(0);

    const [want, got] = [await flowFingerprint(clean), await flowFingerprint(faulty)];
    faults.lost += Math.max(0, want.trades - got.uniqueTrades);
    faults.duplicated += got.trades - got.uniqueTrades;
    expect(want.trades).toBeGreaterThan(15_000); // the seed's 5 days plus the 3 ingested (~3,000 a day)
    expect(got.uniqueTrades).toBe(got.trades);
    expect(got).toEqual(want);
  }, 300_000);

  it('a burst of 20 sign-ups SIGKILLed mid-way: after a restart nobody is stuck and nobody is doubled', async () => {
    const dir = seedCopy();
    const env = { DATA_DIR: dir, RATE_LIMIT_MULTIPLIER: '1000' };
    const first = spawnScript('scripts/test/faults/runtime-child.ts', [], env);
    children.push(first);
    const url1 = (await first.waitForLine(/^READY /, 120_000)).slice(6);
    const api1 = accountsClient(url1);
    const people = Array.from({ length: 20 }, (_, i) => ({
      username: `fault${i}`,
      email: `fault${i}@example.com`,
      password: `kill-test-pw-${i}`,
    }));
    const acknowledged = new Set<string>();
    let answered = 0;
    let killed = false;
    const burst = people.map(async (p) => {
      try {
        const r = await api1.post('submit_signup', { ...p, password_confirmation: p.password });
        answered += 1;
        if (r.status === 200) acknowledged.add(p.email);
      } catch {
        // The connection died with the process.
      }
      // Kill after the first few answers: the others are somewhere inside their sign-up.
      if (answered >= 3 && !killed) {
        killed = true;
        void first.kill();
      }
    });
    await Promise.all(burst);
    expect(await first.kill()).toBe('SIGKILL');
    faults.injected += 1;
    expect(acknowledged.size).toBeGreaterThanOrEqual(3);
    expect(acknowledged.size).toBeLessThan(people.length);

    // The cognito-local state files are complete JSON whatever moment the kill hit.
    const cognitoDb = join(dir, 'cognito', 'db');
    for (const f of readdirSync(cognitoDb).filter((n) => n.endsWith('.json'))) {
      expect(() => JSON.parse(readFileSync(join(cognitoDb, f), 'utf8')), f).not.toThrow();
    }

    // So are the outbox's messages: a send is written whole or left as a temporary file the outbox does not list.
    const outbox = join(dir, 'mail');
    for (const f of readdirSync(outbox).filter((n) => n.endsWith('.json'))) {
      expect(() => JSON.parse(readFileSync(join(outbox, f), 'utf8')), f).not.toThrow();
    }

    const second = spawnScript('scripts/test/faults/runtime-child.ts', [], env);
    children.push(second);
    const api = accountsClient((await second.waitForLine(/^READY /, 120_000)).slice(6));
    expect(readdirSync(cognitoDb).filter((n) => n.includes('.tmp-'))).toEqual([]);

    const stuck: string[] = [];
    for (const p of people) {
      // An acknowledged sign-up must be complete: its emailed link confirms it. Any other may sign up again.
      if (!acknowledged.has(p.email)) {
        const again = await api.post('submit_signup', { ...p, password_confirmation: p.password });
        if (again.status !== 200) {
          stuck.push(`${p.email}: sign-up again ${again.status} ${JSON.stringify(again.body)}`);
          continue;
        }
      }
      const token = await api.lastLinkToken(p.email, '/confirm/');
      const confirmed = await api.post('get_token_confirmation', { token });
      const login = await api.post('submit_login', { username_or_email: p.email, password: p.password });
      if (confirmed.status !== 200 || login.status !== 200 || typeof login.body.token !== 'string') {
        stuck.push(`${p.email}: confirm ${confirmed.status} login ${login.status} ${JSON.stringify(login.body)}`);
        continue;
      }
      const me = await api.get('get_user_info', { token: login.body.token });
      if (me.body.username !== p.username) stuck.push(`${p.email}: user info ${JSON.stringify(me.body)}`);
    }
    faults.lost += stuck.filter((s) => acknowledged.has(s.split(':')[0]!)).length;
    expect(stuck).toEqual([]);

    // One identity per email in cognito-local, one profile and one email index per email in DynamoDB.
    await second.kill();
    const pool = readdirSync(cognitoDb).filter((n) => n.endsWith('.json') && n !== 'clients.json');
    expect(pool).toHaveLength(1);
    const users = Object.values(
      (
        JSON.parse(readFileSync(join(cognitoDb, pool[0]!), 'utf8')) as {
          Users: Record<string, { Attributes: { Name: string; Value: string }[] }>;
        }
      ).Users,
    );
    const emails = users.map((u) => u.Attributes.find((a) => a.Name === 'email')?.Value);
    faults.duplicated += emails.length - new Set(emails).size;
    expect(emails.sort()).toEqual(people.map((p) => p.email).sort());
    const profiles = await appProfiles(dir);
    expect(profiles.map((p) => p.email).sort()).toEqual(people.map((p) => p.email).sort());
    expect(new Set(profiles.map((p) => p.userId)).size).toBe(people.length);
  }, 300_000);
});

async function appProfiles(dir: string): Promise<{ email: string; userId: string }[]> {
  const dynamo = await startDynalite(join(dir, 'dynamodb'));
  try {
    const db = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    const out: { email: string; userId: string }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new ScanCommand({
          TableName: tableName('app'),
          ExclusiveStartKey: start,
          FilterExpression: 'begins_with(pk, :u) AND sk = :p',
          ExpressionAttributeValues: { ':u': 'USER#', ':p': 'PROFILE' },
        }),
      );
      for (const item of page.Items ?? []) out.push({ email: String(item.email), userId: String(item.userId) });
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  } finally {
    await dynamo.close();
  }
}
