import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { planAttributes } from './keys.ts';
import { UsersRepository } from './users-repository.ts';

describe('UsersRepository.putUser', () => {
  it('names no plan attribute (on AWS only the payment webhook may), so a new profile reads as free', async () => {
    const sent: Array<{ input: { Item?: Record<string, unknown> } }> = [];
    // Answers every command with nothing stored (the deletion-mark check after the writes reads none).
    const db = {
      send: async (c: { input: { Item?: Record<string, unknown> } }) => {
        if (c.input.Item) sent.push(c);
        return {};
      },
    };
    await new UsersRepository(db as unknown as DynamoDBDocumentClient).putUser({
      userId: 'u1',
      username: 'someone',
      email: 'someone@example.com',
      subscription: 'basic',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      confirmed: false,
      createdAt: '2026-11-27T00:00:00.000Z',
    });
    expect(sent).toHaveLength(2);
    const profile = sent[1]!.input.Item!;
    expect(profile).toMatchObject({ pk: 'USER#u1', sk: 'PROFILE', username: 'someone' });
    for (const name of planAttributes) expect(profile, name).not.toHaveProperty(name);
  });
});
