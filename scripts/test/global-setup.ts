import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { backfillDemoDatasets } from '../local/scheduler.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seedDataDir: string;
  }
}

/**
 * Loads the demo dataset and its generated datasets (FINRA files, option chains) once into a seed
 * data directory; integration tests copy it and start
 * their own runtime on the copy, so each file is isolated without paying for the load again.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'tapewatch-seed-'));
  const dynamo = await startDynalite(join(dir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDocumentClient();
  await ensureTables(dynamo.endpoint);
  await loadDemoData(documentClient());
  process.env.LOG_LEVEL = 'silent';
  // Options flow: 5 simulated days instead of the demo's 60 keep the seed quick (flow tests need over 10,000
  // trades in 2024-03-01..08; the current day is packed only until noon).
  process.env.TAPEWATCH_FLOW_MAX_DAYS ??= '5';
  await backfillDemoDatasets(
    () => {},
    () => false,
  );
  await dynamo.close();
  delete process.env.DYNAMODB_ENDPOINT;
  resetDocumentClient();
  project.provide('seedDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
