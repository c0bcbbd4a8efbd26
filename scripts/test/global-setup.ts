import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { backfillDemoDatasets } from '../local/scheduler.ts';
import { cachedDir, plannedDir, SEED_INPUTS, seedInputsHash } from './seed-cache.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seedDataDir: string;
  }
}

const ROOT = join(import.meta.dirname, '../..');

/** The demo dataset and its generated datasets (FINRA files, option chains) loaded into `dir`. */
async function buildSeed(dir: string): Promise<void> {
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
  } finally {
    await dynamo.close();
    delete process.env.DYNAMODB_ENDPOINT;
    resetDocumentClient();
  }
}

/**
 * The seed data directory that integration tests copy and start their own runtime on (so each file
 * is isolated without paying for the load again). It is kept between runs while its sources do not
 * change (scripts/test/seed-cache.ts). When it must be built, the build runs in the background: this
 * project's files run last (sequence.groupOrder in vitest.config.ts), the other projects' tests run
 * meanwhile, and the fixture (runtime-fixture.ts) waits for the directory to be published.
 */
export default function setup(project: TestProject): () => Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  // Options flow: 5 simulated days instead of the demo's 60 keep the seed quick (flow tests need over 10,000
  // trades in 2024-03-01..08; the current day is packed only until noon).
  process.env.TAPEWATCH_FLOW_MAX_DAYS ??= '5';
  const key = `seed-${seedInputsHash(ROOT, SEED_INPUTS, `flow-days=${process.env.TAPEWATCH_FLOW_MAX_DAYS}`)}`;
  const dir = plannedDir(key);
  const built = cachedDir(key, buildSeed, dir);
  // Waiting workers read the failure from the directory's marker; the teardown reports it too.
  built.catch(() => {});
  project.provide('seedDataDir', dir);
  return async () => {
    const { kept } = await built;
    if (!kept) rmSync(dirname(dir), { recursive: true, force: true });
  };
}
