import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadFlowDaysWith, type FlowDays } from '../../data/flow-summaries.ts';
import { summarizeDay } from '../../domain/flow/day-summary.ts';

export { clearFlowDaysCache, type FlowDays } from '../../data/flow-summaries.ts';

/** The flow summaries read model (data/flow-summaries.ts), summarising days with the domain's summarizeDay. */
export function loadFlowDays(db?: DynamoDBDocumentClient, now?: number): Promise<FlowDays> {
  return loadFlowDaysWith(summarizeDay, db, now);
}
