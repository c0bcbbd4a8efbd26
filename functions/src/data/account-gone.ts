import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_MESSAGES } from '@tapewatch/shared/schemas/accounts';
import { UnauthorizedError } from '../lib/errors.ts';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** How long the mark is kept: API Gateway ends a request after 29 s, so an hour covers every one in flight. */
const MARK_SECONDS = 3600;

/** The first step of an account deletion: from here on, writes of the user's own records are refused. */
export async function markAccountGone(db: DynamoDBDocumentClient, userId: string, now = new Date()): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName('app'),
      Item: { ...appKeys.accountGone(userId), ttl: Math.floor(now.getTime() / 1000) + MARK_SECONDS },
    }),
  );
}

async function isGone(db: DynamoDBDocumentClient, userId: string, now: Date): Promise<boolean> {
  const out = await db.send(
    new GetCommand({ TableName: tableName('app'), Key: appKeys.accountGone(userId), ConsistentRead: true }),
  );
  return out.Item !== undefined && (out.Item.ttl as number) >= Math.floor(now.getTime() / 1000);
}

/**
 * Called right after a write of the user's own records. dynalite has no transactions, so the write
 * is checked afterwards: a deletion marks the account, then reads (strongly consistent) and deletes
 * what the user has. A write before that read is deleted by it; a write after it comes after the
 * mark, so this strongly consistent read sees the mark, and the write is undone and refused (401).
 * Either way nothing of the account is left.
 */
export async function keepIfAccountLive(
  db: DynamoDBDocumentClient,
  userId: string,
  undo: () => Promise<unknown>,
  now = new Date(),
): Promise<void> {
  if (!(await isGone(db, userId, now))) return;
  await undo();
  throw new UnauthorizedError(ACCOUNT_MESSAGES.accountDeleted);
}
