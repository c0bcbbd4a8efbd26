import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { JobLogRepository } from '@tapewatch/functions/data/job-log-repository';
import { flowIngestDays } from '@tapewatch/functions/jobs/flow-ingest';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { backfillDemoDatasets } from '../local/scheduler.ts';
import { cachedDir, SEED_INPUTS, seedInputsHash } from './seed-cache.ts';

/**
 * The integration tests' seed: the demo dataset and every generated dataset (FINRA files, option chains, signals...)
 * as a first start backfills them, except the options flow: 5 simulated days instead of the demo's year keep it quick
 * (flow tests need over 10,000 trades in 2024-03-01..08; the current day is packed only until noon). The end-to-end
 * seed starts from a copy of it and extends the flow to the year (scripts/test/e2e-prepare.ts).
 */
export const SEED_FLOW_DAYS = 5;

const ROOT = join(import.meta.dirname, '../..');

/** The kept directory's key: the seed's sources and its flow days. */
export const vitestSeedKey = (): string =>
  `seed-${seedInputsHash(ROOT, SEED_INPUTS, `flow-days=${process.env.TAPEWATCH_FLOW_MAX_DAYS ?? SEED_FLOW_DAYS}`)}`;

/** Builds the seed into `dir` (TAPEWATCH_FLOW_MAX_DAYS, when set, is the number of flow days). */
export async function buildVitestSeed(dir: string): Promise<void> {
  const flowDays = process.env.TAPEWATCH_FLOW_MAX_DAYS;
  process.env.TAPEWATCH_FLOW_MAX_DAYS ??= String(SEED_FLOW_DAYS);
  const dynamo = await startDynalite(join(dir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDocumentClient();
  try {
    await ensureTables(dynamo.endpoint);
    await loadDemoData(documentClient());
    await backfillDemoDatasets(
      () => {},
      () => false,
    );
    // The flow backfill's marker names the year it was asked for, but only the last days were ingested: say so, so
    // that a start on a copy (the end-to-end seed) extends the flow to the year and redoes what reads it.
    const jobLog = new JobLogRepository(documentClient());
    const asked = await jobLog.backfilled('flow-ingest');
    const first = asked?.from ? flowIngestDays(asked.from, asked.to)[0] : undefined;
    if (asked && first) await jobLog.setBackfilled('flow-ingest', first, asked.to);
  } finally {
    await dynamo.close();
    delete process.env.DYNAMODB_ENDPOINT;
    if (flowDays === undefined) delete process.env.TAPEWATCH_FLOW_MAX_DAYS;
    resetDocumentClient();
  }
}

/** The seed's kept directory, built here when missing (or waited for while another process builds it). */
export const vitestSeed = (target?: string) => cachedDir(vitestSeedKey(), buildVitestSeed, target);
