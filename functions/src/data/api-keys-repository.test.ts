import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ApiKeysRepository } from './api-keys-repository.ts';
import { apiKeyCounterAttributes } from './keys.ts';

type Input = {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
};
type Sent = { constructor: { name: string }; input: Input };

const KEYWORDS = new Set([
  'SET',
  'ADD',
  'REMOVE',
  'DELETE',
  'AND',
  'OR',
  'NOT',
  'attribute_exists',
  'attribute_not_exists',
]);

/** Every attribute an update names (placeholders resolved), as IAM's `dynamodb:Attributes` sees them. */
function namedAttributes(input: Input): string[] {
  const text = `${input.UpdateExpression ?? ''} ${input.ConditionExpression ?? ''}`;
  const names = text.match(/[#:]?[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  return names
    .filter((n) => !n.startsWith(':') && !KEYWORDS.has(n))
    .map((n) => (n.startsWith('#') ? (input.ExpressionAttributeNames?.[n] ?? n) : n));
}

const owner = { pk: 'APIKEY#h', sk: 'KEY', userId: 'u1', keyId: 'k1', slot: 0, hash: 'h' };

/** A table holding one key item whose windows are (stored); conditional updates behave as DynamoDB's. */
function fakeDb(stored: { mw?: number; dw?: string; mn?: number; dn?: number }) {
  const sent: Sent[] = [];
  const item: Record<string, unknown> = { ...owner, ...stored };
  const db = {
    send: async (cmd: Sent) => {
      sent.push(cmd);
      const values =
        (cmd.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues ?? {};
      if (cmd.constructor.name === 'GetCommand') return { Item: { ...item } };
      const cond = cmd.input.ConditionExpression ?? '';
      const ok =
        (!cond.includes('mw = :mw') || item.mw === values[':mw']) &&
        (!cond.includes('dw = :dw') || item.dw === values[':dw']) &&
        (!cond.includes('mw = :oldMw') || item.mw === values[':oldMw']) &&
        (!cond.includes('dw = :oldDw') || item.dw === values[':oldDw']);
      if (!ok) throw Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
      const update = cmd.input.UpdateExpression ?? '';
      if (update.includes('mw = :mw')) item.mw = values[':mw'];
      if (update.includes('dw = :dw')) item.dw = values[':dw'];
      item.mn = update.includes('mn = :n') ? values[':n'] : ((item.mn as number) ?? 0) + (values[':n'] as number);
      item.dn = update.includes('dn = :n') ? values[':n'] : ((item.dn as number) ?? 0) + (values[':n'] as number);
      return { Attributes: { ...item } };
    },
  };
  return { db: db as unknown as DynamoDBDocumentClient, sent };
}

describe('API key counters stay within the IAM attribute grant', () => {
  it('the steady-state count names only counter attributes and returns the owner', async () => {
    const { db, sent } = fakeDb({ mw: 100, dw: '2026-11-26', mn: 4, dn: 40 });
    const use = await new ApiKeysRepository(db).countUse('h', { minute: 100, day: '2026-11-26' }, 'now');
    expect(use).toMatchObject({ owner: { userId: 'u1', keyId: 'k1' }, minute: 5, day: 41 });
    const updates = sent.filter((c) => c.constructor.name === 'UpdateCommand');
    expect(updates).toHaveLength(1);
    for (const u of updates) expect(apiKeyCounterAttributes).toEqual(expect.arrayContaining(namedAttributes(u.input)));
  });

  it('a turned window (and a first use) restarts the counters with the same attributes only', async () => {
    for (const stored of [{ mw: 99, dw: '2026-11-26', mn: 4, dn: 40 }, {}]) {
      const { db, sent } = fakeDb(stored);
      const use = await new ApiKeysRepository(db).countUse('h', { minute: 100, day: '2026-11-26' }, 'now');
      expect(use?.minute).toBe(1);
      const updates = sent.filter((c) => c.constructor.name === 'UpdateCommand');
      expect(updates.length).toBeGreaterThanOrEqual(2);
      for (const u of updates) {
        const named = namedAttributes(u.input);
        expect(named.length).toBeGreaterThan(0);
        expect(apiKeyCounterAttributes).toEqual(expect.arrayContaining(named));
      }
    }
  });
});
