/**
 * Issue 23 item 1 measures the current flow for a full session (3,000+ trades). The demo's current
 * day is packed until noon and the player adds ~1 trade a second: before the endpoint runs, this
 * tops today's flow up to a full session through the live ingest, writing from this process into the
 * server's DynamoDB (as the ingest Lambda does on AWS), so the server's cached payload must notice
 * the writes through the day's head alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { FlowDayState, simulateTrades } from '@tapewatch/functions/providers/demo/flow-simulator';
import { currentFlowResponse } from '@tapewatch/shared/schemas/flow';

export const FULL_SESSION_TRADES = 3000;

async function currentCount(url: string, authorization: string): Promise<{ count: number; date: string }> {
  const res = await fetch(`${url}/api/get_current_options_flow`, { headers: { authorization } });
  const body = currentFlowResponse.parse(await res.json());
  return { count: body.options_flow.length, date: body.date };
}

/** Adds simulated afternoon trades until today's flow holds `target`; returns the count served. */
export async function topUpCurrentFlow(
  url: string,
  dataDir: string,
  authorization: string,
  target = FULL_SESSION_TRADES,
): Promise<number> {
  const { count, date } = await currentCount(url, authorization);
  if (count >= target) return count;
  const { dynamodb } = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as { dynamodb: string };
  process.env.DYNAMODB_ENDPOINT = dynamodb;
  resetDocumentClient();
  const db = documentClient();
  // No sockets are open during the endpoint runs: the fan-out has nobody to send to.
  const fanout = new FlowFanout(db, async () => ({ sent: 0, gone: 0 }));
  const universe = [
    { symbol: 'SPY', kind: 'etf' as const, close: 511.72, prevClose: 514.81, dollarVolume: 3e10, vol: 0.12 },
    { symbol: 'AAPL', kind: 'stock' as const, close: 170.73, prevClose: 169.12, dollarVolume: 1e10, vol: 0.22 },
  ];
  const state = new FlowDayState({ date, universe, seed: 2323 });
  const missing = target - count + 50;
  for (let i = 0; i < missing; i += 100) {
    const records = [];
    for (let j = i; j < Math.min(missing, i + 100); j++) {
      // Spread over 09:30-11:59, before the player's session (it plays from noon on): the trades
      // arrive in time order as a feed's do. Later stamps would put every trade the player adds
      // behind the payload's cursor, and each would cost the out-of-order full re-read.
      const sec = 9 * 3600 + 1800 + Math.floor((j / missing) * 2.5 * 3600 - 1);
      records.push(
        ...simulateTrades(state, `bench-${j}`, Math.max(9 * 3600 + 1800, sec), (j / missing) * 0.4, false).map((r) => ({
          ...r,
          date,
        })),
      );
    }
    await ingestLiveRecords({ option_activity: records }, fanout, db);
  }
  await fanout.flush();
  return (await currentCount(url, authorization)).count;
}
