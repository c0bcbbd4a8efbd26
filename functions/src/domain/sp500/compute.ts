import {
  SP500_DATASETS,
  SP500_FAMILY_UNITS,
  SP500_NO_DATA_MESSAGE,
  parseSp500Dataset,
  sp500DatasetLabel,
  type Sp500Dataset,
  type Sp500RatiosResponse,
} from '@tapewatch/shared/schemas/sp500';
import { familySeries } from './families.ts';
import type { ShillerMonth } from './shiller-month.ts';
import { sample, summaryStats, withChanges } from './series.ts';

export const SHILLER_SOURCE_NAME = "Robert Shiller's monthly S&P 500 data (datasets/s-and-p-500, ODC-PDDL-1.0)";

export interface Sp500RatiosSnapshot {
  asOf: string;
  source: string;
  datasets: Record<Sp500Dataset, Sp500RatiosResponse>;
}

/**
 * All 36 datasets from the monthly rows on or before `asOf` (the clock's today). Families the
 * source cannot supply come back empty with the "No data source configured" message.
 */
export function computeSp500Ratios(
  allRows: readonly ShillerMonth[],
  asOf: string,
  source = SHILLER_SOURCE_NAME,
): Sp500RatiosSnapshot {
  const rows = allRows.filter((r) => r.date <= asOf);
  const families = familySeries(rows);
  const datasets = {} as Record<Sp500Dataset, Sp500RatiosResponse>;
  for (const id of SP500_DATASETS) {
    const { family, period } = parseSp500Dataset(id);
    const monthly = families[family];
    const base = { dataset: id, label: sp500DatasetLabel(id), unit: SP500_FAMILY_UNITS[family], source, as_of: asOf };
    if (!monthly) {
      datasets[id] = {
        ...base,
        dates: [],
        data: [],
        change: [],
        change_pct: [],
        stats: [],
        no_data_message: SP500_NO_DATA_MESSAGE,
        source: '',
      };
      continue;
    }
    const sampled = sample(monthly, period);
    datasets[id] = { ...base, ...withChanges(sampled), stats: summaryStats(sampled) };
  }
  return { asOf, source, datasets };
}
