import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Puts up to 25 items in one BatchWrite, retrying what DynamoDB returns unprocessed (throttling)
 * with exponential backoff. Callers slice larger sets into 25s.
 */
export async function batchPutAll(
  db: DynamoDBDocumentClient,
  table: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 8) throw new Error('DynamoDB kept returning unprocessed items');
    const res = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (res.UnprocessedItems?.[table] ?? []) as typeof pending;
    if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
  }
}
