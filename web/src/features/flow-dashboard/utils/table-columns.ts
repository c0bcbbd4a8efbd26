import { BREAKPOINTS } from '@tapewatch/shared/constants';
import type { FlowTrade, OtmTrade } from '@tapewatch/shared/schemas/flow';
import { FLOW_COLUMNS, FLOW_TIERS, type FlowColumnId } from '../../../components/flow/flow-table-logic.ts';
import { MOST_OTM_COLUMNS } from '../../../components/flow/otm-columns.ts';
import type { ColumnDef, SortState } from '../../../components/table/table-logic.ts';

/**
 * The Dashboard tables use the flow table's columns and width tiers with two changes: every row is
 * of the one day the page names, so Date gives way under 1600 px (beside the sidebar, fifteen columns
 * do not fit) and Time on phones (the CSV keeps both); and the columns a table is about (OI and DTE
 * for LEAPS) never hide.
 */
export function dashboardColumns<Row extends FlowTrade>(
  columns: readonly ColumnDef<Row>[],
  alwaysShown: readonly FlowColumnId[],
): ColumnDef<Row>[] {
  return columns.map((c) => {
    if (c.id === 'date') return { ...c, hideBelow: BREAKPOINTS.tierWidest };
    if (c.id === 'time') return { ...c, hideBelow: FLOW_TIERS.hideCompact };
    if ((alwaysShown as readonly string[]).includes(c.id)) {
      const { hideBelow: _shown, ...rest } = c;
      return rest;
    }
    return c;
  });
}

export const OTM_TABLE_COLUMNS: readonly ColumnDef<OtmTrade>[] = dashboardColumns(MOST_OTM_COLUMNS, []);
export const LEAPS_TABLE_COLUMNS: readonly ColumnDef<FlowTrade>[] = dashboardColumns(FLOW_COLUMNS, ['dte', 'oi']);
export const LEAPS_SORT: SortState = { columnId: 'oi', direction: 'desc' };
