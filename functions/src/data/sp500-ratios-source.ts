import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SnapshotRepository } from './snapshot-repository.ts';

/**
 * The demo's copy of Shiller's monthly file, stored as a (gzipped) snapshot of the raw CSV so the
 * demo provider serves the real wire format and the job parses it with the production parser.
 */
export const SP500_MONTHLY_SOURCE = 'source_sp500_monthly';

export async function storeSp500MonthlyCsv(db: DynamoDBDocumentClient, csv: string, asOf: string): Promise<void> {
  await new SnapshotRepository(db).put(SP500_MONTHLY_SOURCE, asOf, csv);
}

export async function readSp500MonthlyCsv(db: DynamoDBDocumentClient): Promise<string | null> {
  return (await new SnapshotRepository(db).latest<string>(SP500_MONTHLY_SOURCE))?.payload ?? null;
}
