import type { OtmTrade } from '@tapewatch/shared/schemas/flow';
import type { ColumnDef } from '../table/table-logic.ts';
import { FLOW_COLUMNS } from './flow-table-logic.ts';

/** OTM By as a whole percent (spec part 2 section 2.10). */
export function formatOtm(otm: number): string {
  return `${Math.round(otm)}%`;
}

/** The flow table's columns (same width tiers) plus OTM By; spec part 2 section 2.10 (Most OTM screen and Dashboard). */
export const MOST_OTM_COLUMNS: readonly ColumnDef<OtmTrade>[] = [
  ...FLOW_COLUMNS,
  {
    id: 'otm',
    header: 'OTM By',
    value: (t) => t.otm,
    format: (t) => formatOtm(t.otm),
    align: 'right',
    firstDirection: 'desc',
  },
];

export const MOST_OTM_SORT = { columnId: 'otm', direction: 'desc' } as const;
