import { BatchWriteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_DATASET, loadDemoData } from './load-demo.ts';

/** A table that answers every write after a varying number of event-loop turns, as a real one does. */
function slowTable() {
  let chunkItems = 0;
  let marker: Record<string, unknown> | undefined;
  let turn = 0;
  const db = {
    async send(cmd: unknown) {
      for (let i = turn++ % 2; i > 0; i--) await new Promise((resolve) => setImmediate(resolve));
      if (cmd instanceof BatchWriteCommand) {
        for (const writes of Object.values(cmd.input.RequestItems ?? {}))
          for (const w of writes) if (w.PutRequest?.Item && 'year' in w.PutRequest.Item) chunkItems += 1;
      }
      if (cmd instanceof PutCommand && cmd.input.Item?.sk === DEMO_DATASET) marker = cmd.input.Item;
      return {};
    },
  };
  return { db: db as unknown as DynamoDBDocumentClient, chunkItems: () => chunkItems, marker: () => marker };
}

describe('demo data load', () => {
  it('counts every year chunk it writes, while tickers are written in parallel', async () => {
    const table = slowTable();
    const result = await loadDemoData(table.db);
    expect(result.loaded).toBe(true);
    expect(table.chunkItems()).toBeGreaterThan(1000);
    expect(result.chunks).toBe(table.chunkItems());
    expect(table.marker()?.chunks).toBe(table.chunkItems());
  });
});
