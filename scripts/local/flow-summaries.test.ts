import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { clearFlowDaysCache, loadFlowDays } from '@tapewatch/functions/http/flow/flow-days';
import { FlowSummaryRepository } from '@tapewatch/functions/data/flow-summary-repository';
import { summarizeDay } from '@tapewatch/functions/domain/flow/day-summary';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

useIntegrationRuntime();
beforeAll(async () => {
  clearFlowDaysCache();
});

const canonical = (s: ReturnType<typeof summarizeDay>) => JSON.parse(JSON.stringify(s)) as unknown;

describe('flow day summaries', () => {
  it('the ingest stored a summary per completed day equal to one computed from the stored trades', async () => {
    const { today, full, current } = await loadFlowDays();
    expect(today).toBe('2024-03-08');
    expect(full.length).toBeGreaterThanOrEqual(2);
    expect(full.every((d, i) => d.date < today && (i === 0 || full[i - 1]!.date > d.date))).toBe(true);
    const flow = new FlowRepository(documentClient());
    const stored = await new FlowSummaryRepository(documentClient()).readRange(
      full[full.length - 1]!.date,
      full[0]!.date,
    );
    expect(stored.map((s) => s.date)).toEqual(full.map((s) => s.date));
    const day = full[0]!;
    expect(canonical(day)).toEqual(canonical(summarizeDay(day.date, (await flow.readDay(day.date)).trades)));
    expect(day.tickers.SPY!.calls.trades).toBeGreaterThan(0);
    // Today is the packed day plus whatever the live feed added, summarised on request.
    expect(current?.tradeCount).toBe((await flow.readDay(today)).trades.length);
  });

  it('a completed day without a stored summary (data from before summaries) is computed once and stored', async () => {
    const flow = new FlowRepository(documentClient());
    const store = new FlowSummaryRepository(documentClient());
    const [, yesterday] = await flow.listDays('2019-01-01', '2024-03-08');
    const date = yesterday!.date;
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { tableName } = await import('@tapewatch/functions/data/tables');
    const { flowKeys } = await import('@tapewatch/functions/data/keys');
    await documentClient().send(new DeleteCommand({ TableName: tableName('flow'), Key: flowKeys.daySummary(date, 0) }));
    expect((await store.readRange(date, date)).length).toBe(0);
    clearFlowDaysCache();
    const { full } = await loadFlowDays();
    expect(full.find((d) => d.date === date)?.tradeCount).toBe(yesterday!.trades);
    expect((await store.readRange(date, date)).map((s) => s.tradeCount)).toEqual([yesterday!.trades]);
  });
});
