import { describe, expect, it, vi } from 'vitest';
import { ALERT_LIMITS, activeLimitMessage } from '@tapewatch/shared/alerts/limits';
import { alertRuleResponse, alertRulesResponse } from '@tapewatch/shared/schemas/alerts';
import { AlertHistoryRepository } from '@tapewatch/functions/data/alert-history-repository';
import { AlertRulesRepository } from '@tapewatch/functions/data/alert-rules-repository';
import { documentClient } from '@tapewatch/functions/data/client';
import { appKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '@tapewatch/functions/lib/auth-guard';
import { recountAlertSlots } from '../admin/alert-slots.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

/** Issue 35: alert rules and their inputs under abuse, each attack through the real handlers. */
const subscriber = (id: string): Caller => ({
  userId: id,
  username: id,
  email: `${id}@example.com`,
  subscription: 'basic',
  token: id,
});
const callers: Record<string, Caller> = {
  'u-big': subscriber('u-big'),
  'u-read': subscriber('u-read'),
  'u-crash': subscriber('u-crash'),
  'u-legacy': subscriber('u-legacy'),
  'u-legacy-admin': subscriber('u-legacy-admin'),
};
const fx = useIntegrationRuntime({ env: { MAIL_OUTBOX_QUIET: '1' }, callers });

describe('alert rules are bounded by the schema', () => {
  it('a rule over the item limit (20,000 tickers, ~450 kB) gets a 400 alert and takes no active slot', async () => {
    await seedPlan('u-big', 'basic');
    const tickers = Array.from({ length: 20_000 }, (_, i) => `T${String(i).padStart(19, '0')}`);
    const huge = { name: 'huge', filters: [{ filter: 'Ticker', selector: 'Equal', tickers }] };
    expect(JSON.stringify(huge).length).toBeGreaterThan(400_000);
    const res = await fx.api.postUnchecked('create_alert_rule', huge, { token: 'u-big' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ alert_show: true });
    expect(String(res.body.alert_message)).toMatch(/at most 200 tickers/);
    // Every string of a filter is bounded too.
    for (const filter of [
      { filter: 'Premium', selector: 'Greater than', value: '9'.repeat(5_000) },
      { id: 'x'.repeat(5_000), filter: 'Premium', selector: 'Greater than', value: '1' },
      { filter: 'Ticker', selector: 'Equal', tickers: ['A'.repeat(5_000)] },
    ]) {
      const r = await fx.api.postUnchecked(
        'create_alert_rule',
        { name: 'long', filters: [filter] },
        { token: 'u-big' },
      );
      expect(r.status, JSON.stringify(filter).slice(0, 60)).toBe(400);
      expect(r.body).toMatchObject({ alert_show: true });
    }
    // Tickers count across the rule's filters, not per filter.
    const half = Array.from({ length: 150 }, (_, i) => `A${i}`);
    const split = await fx.api.postUnchecked(
      'create_alert_rule',
      {
        name: 'split',
        filters: [0, 1].map(() => ({ filter: 'Ticker', selector: 'Equal', tickers: half })),
      },
      { token: 'u-big' },
    );
    expect(split.status).toBe(400);
    // Nothing was stored and no slot was taken: all 20 active rules still fit.
    const listed = alertRulesResponse.parse((await fx.api.get('get_alert_rules', {}, { token: 'u-big' })).body);
    expect(listed.rules).toEqual([]);
    for (let i = 0; i < ALERT_LIMITS.activeRules; i += 1) {
      const r = await fx.api.post('create_alert_rule', { name: `r${i}`, filters: [] }, { token: 'u-big' });
      expect(r.status, `rule ${i + 1}`).toBe(200);
      alertRuleResponse.parse(r.body);
    }
  });
});

/** The DynamoDB write requests the runtime sends while `run` runs (its handlers share this client). */
async function writesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const db = documentClient();
  const original = db.send.bind(db) as (command: object) => Promise<unknown>;
  const sent: string[] = [];
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: object) => {
    const name = command.constructor.name;
    if (/Put|Update|Delete|BatchWrite|TransactWrite/.test(name)) sent.push(name);
    return original(command);
  }) as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

describe('marking alerts read', () => {
  it("refuses more than 100 ids, and writes only the caller's own unread alerts (made-up ids cost no write)", async () => {
    const trade = { key: 'k', ticker: 'SPY' } as never;
    const real = [1, 2, 3].map((i) => ({
      id: `real${i}`,
      userId: 'u-read',
      ruleId: 'rule1',
      ruleName: 'r',
      firedAt: `2024-03-08T15:00:0${i}.000Z`,
      trade,
    }));
    await new AlertHistoryRepository(documentClient()).add(real);
    const realIds = real.map((a) => `${a.firedAt}#${a.id}`);
    const madeUp = Array.from({ length: 500 }, (_, i) => `2024-03-08T15:00:00.000Z#fake${i}`);

    const tooMany = await fx.api.postUnchecked('mark_alerts_read', { ids: madeUp }, { token: 'u-read' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ alert_show: true });

    const ids = [...madeUp.slice(0, 97), ...realIds];
    let res: Awaited<ReturnType<typeof fx.api.post>> | undefined;
    const first = await writesDuring(async () => {
      res = await fx.api.post('mark_alerts_read', { ids }, { token: 'u-read' });
    });
    expect(res?.status).toBe(200);
    expect(res?.body).toEqual({ unread: 0 });
    expect(first).toHaveLength(3);
    // Again: all of them are read now, so nothing is written.
    expect(await writesDuring(() => fx.api.post('mark_alerts_read', { ids }, { token: 'u-read' }))).toEqual([]);
    // Another user's real ids are made-up ids for this caller.
    expect(await writesDuring(() => fx.api.post('mark_alerts_read', { ids: realIds }, { token: 'u-big' }))).toEqual([]);
  });
});

const WRITE = /Put|Update|Delete|BatchWrite|TransactWrite/;

/**
 * Runs `request` as a process killed (kill -9) just before its `killAt`-th DynamoDB write (1-based):
 * that write and everything after it never reach the table. `counted` gets the writes it attempted.
 */
async function killedAtWrite(
  killAt: number,
  request: () => Promise<unknown>,
  counted: (writes: number) => void = () => {},
): Promise<void> {
  const db = documentClient();
  const original = db.send.bind(db) as (command: object) => Promise<unknown>;
  let writes = 0;
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: object) => {
    if (WRITE.test(command.constructor.name)) writes += 1;
    if (writes >= killAt) return Promise.reject(Object.assign(new Error('killed'), { name: 'ProcessKilled' }));
    return original(command);
  }) as never);
  try {
    await request();
  } finally {
    spy.mockRestore();
  }
  counted(writes);
}

async function rulesOf(token: string) {
  return alertRulesResponse.parse((await fx.api.get('get_alert_rules', {}, { token })).body).rules;
}

/**
 * No orphan slot: the user can have exactly as many more active rules as the listing shows free,
 * at once (no grace, no admin recount), and one more is refused with the limit's message.
 */
async function expectNoOrphanSlot(token: string, context: string): Promise<void> {
  const rules = await rulesOf(token);
  expect(new Set(rules.map((r) => r.id)).size, `${context}: each rule listed once`).toBe(rules.length);
  const active = rules.filter((r) => r.status === 'active').length;
  const made: string[] = [];
  for (let i = active; i < ALERT_LIMITS.activeRules; i += 1) {
    const r = await fx.api.post('create_alert_rule', { name: `fill${i}`, filters: [] }, { token });
    expect(r.status, `${context}: free slot ${i + 1} of ${ALERT_LIMITS.activeRules}`).toBe(200);
    made.push(alertRuleResponse.parse(r.body).rule.id);
  }
  const over = await fx.api.postUnchecked('create_alert_rule', { name: 'over', filters: [] }, { token });
  expect(over.status, `${context}: the ${ALERT_LIMITS.activeRules + 1}st`).toBe(409);
  expect(over.body.alert_message).toBe(activeLimitMessage());
  for (const id of made) {
    const del = await fx.api.postUnchecked('delete_alert_rule', { id }, { token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
  }
}

describe('active-rule slots survive a process killed at any write', () => {
  it('kill -9 before each write of a creation, a pause, a resume and a deletion: no slot without its rule, no rule lost', async () => {
    const token = 'u-crash';
    await seedPlan(token, 'basic');
    const filters = [{ filter: 'Premium' as const, selector: 'Greater than' as const, value: 100_000 }];
    for (let i = 0; i < 17; i += 1)
      expect((await fx.api.post('create_alert_rule', { name: `c${i}`, filters }, { token })).status).toBe(200);
    let [paused, active] = (await rulesOf(token)).map((r) => r.id) as [string, string];
    expect((await fx.api.post('set_alert_rule_status', { id: paused, status: 'paused' }, { token })).status).toBe(200);
    let before0 = await rulesOf(token);

    const ops = {
      create: () => fx.api.postUnchecked('create_alert_rule', { name: 'dies', filters }, { token }),
      pause: () => fx.api.postUnchecked('set_alert_rule_status', { id: active, status: 'paused' }, { token }),
      resume: () => fx.api.postUnchecked('set_alert_rule_status', { id: paused, status: 'active' }, { token }),
      delete: () => fx.api.postUnchecked('delete_alert_rule', { id: active }, { token }),
    };
    for (const [op, request] of Object.entries(ops)) {
      // A run that is not killed: how many writes the request makes.
      let writes = 0;
      await killedAtWrite(Number.POSITIVE_INFINITY, request, (n) => {
        writes = n;
      });
      expect(writes, op).toBeGreaterThan(0);
      await undo(op);
      for (let killAt = 1; killAt <= writes; killAt += 1) {
        const before = await rulesOf(token);
        await killedAtWrite(killAt, request);
        const context = `${op} killed at write ${killAt}`;
        const after = await rulesOf(token);
        // Every rule that was there is still there with its filters (a deletion may have happened).
        for (const rule of before) {
          const kept = after.find((r) => r.id === rule.id);
          if (op === 'delete' && rule.id === active && !kept) continue;
          expect(kept?.filters, `${context}: ${rule.name}`).toEqual(rule.filters);
        }
        await expectNoOrphanSlot(token, context);
        await undo(op);
      }
    }

    /** Puts the rules back as they were before `op`, whether or not the killed request got through. */
    async function undo(op: string): Promise<void> {
      const now = await rulesOf(token);
      for (const r of now.filter((x) => !before0.some((b) => b.id === x.id)))
        expect((await fx.api.post('delete_alert_rule', { id: r.id }, { token })).status).toBe(200);
      if (op === 'delete' && !now.some((r) => r.id === active)) {
        const r = await fx.api.post('create_alert_rule', { name: 'again', filters }, { token });
        active = alertRuleResponse.parse(r.body).rule.id;
        before0 = await rulesOf(token);
      }
      for (const id of [active, paused]) {
        const want = before0.find((b) => b.id === id)?.status;
        if (want && now.find((r) => r.id === id)?.status !== want)
          expect((await fx.api.post('set_alert_rule_status', { id, status: want }, { token })).status).toBe(200);
      }
    }
  });
});

/** The layout before slots: every rule under its own id (20 active, 1 paused), the active ids in a slot list. */
async function seedRulesBeforeSlots(token: string) {
  await seedPlan(token, 'basic');
  const db = documentClient();
  const legacy = (i: number, status: 'active' | 'paused') => ({
    ...appKeys.alertRule(token, `legacy${String(i).padStart(2, '0')}`),
    ruleId: `legacy${String(i).padStart(2, '0')}`,
    userId: token,
    name: `old ${i}`,
    filters: [{ filter: 'Premium', selector: 'Greater than', value: 1000 * (i + 1) }],
    watchlistId: null,
    status,
    pausedReason: status === 'paused' ? 'user' : null,
    createdAt: `2024-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    updatedAt: `2024-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
  });
  const items = [...Array.from({ length: 20 }, (_, i) => legacy(i, 'active')), legacy(20, 'paused')];
  for (const Item of items) await db.send(new PutCommand({ TableName: tableName('app'), Item }));
  await db.send(
    new PutCommand({
      TableName: tableName('app'),
      Item: { ...appKeys.alertSlots(token), active: items.slice(0, 20).map((x) => x.ruleId), claims: {}, version: 3 },
    }),
  );
  return items.map((it) => ({ id: it.ruleId, name: it.name, filters: it.filters, status: it.status }));
}

const listedAs = async (token: string) =>
  (await rulesOf(token)).map((r) => ({ id: r.id, name: r.name, filters: r.filters, status: r.status }));

describe('rules stored before slots', () => {
  it('keep working, count against the limit and move into slots on the next write, losing nothing', async () => {
    const token = 'u-legacy';
    const stored = await seedRulesBeforeSlots(token);
    expect(await listedAs(token)).toEqual(stored);
    const matched = (await new AlertRulesRepository(documentClient()).listAll()).filter((r) => r.userId === token);
    expect(matched.filter((r) => r.status === 'active')).toHaveLength(20);
    const over = await fx.api.postUnchecked('create_alert_rule', { name: 'over', filters: [] }, { token });
    expect(over.status).toBe(409);
    expect(over.body.alert_message).toBe(activeLimitMessage());
    // That write moved them: nothing is left for the admin command.
    expect(await recountAlertSlots(documentClient(), token)).toEqual({ active: 20, tidied: 0 });
    expect(await listedAs(token)).toEqual(stored);
    expect((await fx.api.post('set_alert_rule_status', { id: 'legacy00', status: 'paused' }, { token })).status).toBe(
      200,
    );
    await expectNoOrphanSlot(token, 'after the move');
  });

  it('the admin command moves them at once', async () => {
    const token = 'u-legacy-admin';
    const stored = await seedRulesBeforeSlots(token);
    expect(await recountAlertSlots(documentClient(), token)).toEqual({ active: 20, tidied: 20 });
    expect(await recountAlertSlots(documentClient(), token)).toEqual({ active: 20, tidied: 0 });
    expect(await listedAs(token)).toEqual(stored);
    expect((await fx.api.post('set_alert_rule_status', { id: 'legacy05', status: 'paused' }, { token })).status).toBe(
      200,
    );
    await expectNoOrphanSlot(token, 'after the admin move');
  });
});
