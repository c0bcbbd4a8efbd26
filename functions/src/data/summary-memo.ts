import type { FlowDays } from './flow-summaries.ts';

/**
 * Answers computed from the flow summaries, reused while loadFlowDays hands out the same summary
 * objects (its caches refresh every 5 s for today and 60 s for past days), keyed by the query.
 * Bounded so a scan over many tickers cannot grow it without end.
 */
export function summaryMemo<T>(max = 200) {
  const answers = new Map<string, { current: FlowDays['current']; full: FlowDays['full']; answer: T }>();
  return (key: string, { current, full }: FlowDays, compute: () => T): T => {
    const hit = answers.get(key);
    if (hit && hit.current === current && hit.full === full) return hit.answer;
    const answer = compute();
    if (answers.size >= max) answers.clear();
    answers.set(key, { current, full, answer });
    return answer;
  };
}
