import { describe, expect, it, vi } from 'vitest';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { alertRuleResponse, alertRulesResponse } from '@tapewatch/shared/schemas/alerts';
import { AlertHistoryRepository } from '@tapewatch/functions/data/alert-history-repository';
import { documentClient } from '@tapewatch/functions/data/client';
import type { Caller } from '@tapewatch/functions/lib/auth-guard';
import { SLOT_CLAIM_GRACE_MS } from '@tapewatch/functions/domain/alerts/slots';
import { recountAlertSlots } from '../admin/alert-slots.ts';
import { advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';
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

/**
 * The process dies after the slot is taken and before the rule is written (kill -9 between the two
 * writes; dynalite has no TransactWriteItems, so they are two): the rule write of one request fails.
 */
async function createDyingBeforeRuleWrite(token: string): Promise<number> {
  const db = documentClient();
  const original = db.send.bind(db) as (command: object) => Promise<unknown>;
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: { input?: { Item?: { sk?: string } } }) => {
    if (command.constructor.name === 'PutCommand' && String(command.input?.Item?.sk).includes('#R#'))
      return Promise.reject(Object.assign(new Error('killed'), { name: 'ProcessKilled' }));
    return original(command);
  }) as never);
  try {
    return (await fx.api.post('create_alert_rule', { name: 'dies', filters: [] }, { token })).status;
  } finally {
    spy.mockRestore();
  }
}

describe('active-rule slots survive a crash during creation', () => {
  it('a slot whose rule was never written comes back (after the grace of a creation in flight, or at once by the admin recount)', async () => {
    await seedPlan('u-crash', 'basic');
    expect(await createDyingBeforeRuleWrite('u-crash')).toBe(500);
    for (let i = 0; i < ALERT_LIMITS.activeRules - 1; i += 1) {
      expect(
        (await fx.api.post('create_alert_rule', { name: `c${i}`, filters: [] }, { token: 'u-crash' })).status,
      ).toBe(200);
    }
    // 19 rules: the 20th fits once the dead creation's slot is reclaimed.
    const early = await fx.api.post('create_alert_rule', { name: 'twentieth', filters: [] }, { token: 'u-crash' });
    expect(early.status).toBe(409);
    advanceWallClock(SLOT_CLAIM_GRACE_MS + 1_000);
    const later = await fx.api.post('create_alert_rule', { name: 'twentieth', filters: [] }, { token: 'u-crash' });
    expect(later.status).toBe(200);
    const rules = alertRulesResponse.parse((await fx.api.get('get_alert_rules', {}, { token: 'u-crash' })).body).rules;
    expect(rules.filter((r) => r.status === 'active')).toHaveLength(ALERT_LIMITS.activeRules);

    // The admin recount frees such a slot at once, from the stored rules.
    const paused = rules[0]!;
    await fx.api.post('set_alert_rule_status', { id: paused.id, status: 'paused' }, { token: 'u-crash' });
    expect(await createDyingBeforeRuleWrite('u-crash')).toBe(500);
    expect(
      (await fx.api.post('set_alert_rule_status', { id: paused.id, status: 'active' }, { token: 'u-crash' })).status,
    ).toBe(409);
    expect(await recountAlertSlots(documentClient(), 'u-crash')).toEqual({ before: 20, after: 19, dropped: 1 });
    expect(
      (await fx.api.post('set_alert_rule_status', { id: paused.id, status: 'active' }, { token: 'u-crash' })).status,
    ).toBe(200);
  });
});
