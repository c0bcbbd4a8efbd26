import { PAGE_SIZES } from '@tapewatch/shared/constants';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { ColumnDef, SortState } from '../table/table-logic.ts';

/** Column tiers of spec part 2 section 2.5.2: what each viewport width band hides. */
export const FLOW_TIERS = { hideFill: 1350, hideDetail: 1250, hideCompact: 850 } as const;

export const FLOW_PAGE_SIZE: number = PAGE_SIZES.optionsFlow;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Premium (cost_basis, thousands of dollars) as whole thousands: 1234.6 -> "$1,235K"; a net of -20 -> "-$20K". */
export function formatPremium(costBasis: number): string {
  const k = Math.round(costBasis);
  return `${k < 0 ? '-' : ''}$${integer.format(Math.abs(k))}K`;
}

/** Score 0-1, always two decimals. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** Width of the score bar in percent, clamped to 0-100. */
export function scoreBarPercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

export type FlowColumnId =
  | 'date'
  | 'time'
  | 'ticker'
  | 'put_call'
  | 'strike'
  | 'dte'
  | 'fill'
  | 'price'
  | 'size'
  | 'type'
  | 'oi'
  | 'volume'
  | 'score'
  | 'premium';

export interface FlowColumn extends ColumnDef<FlowTrade> {
  id: FlowColumnId;
  /** Header under 850 px, where every pixel counts. */
  compactHeader?: string;
}

type NumberField = 'strike_price' | 'price' | 'size' | 'open_interest' | 'volume';

/** A right-aligned column of one numeric trade field, shown through `numbers` (its sort value is the number). */
function numberColumn(
  id: FlowColumnId,
  header: string,
  field: NumberField,
  numbers: Intl.NumberFormat,
  rest: Pick<FlowColumn, 'compactHeader' | 'hideBelow'>,
): FlowColumn {
  return { id, header, value: (t) => t[field], format: (t) => numbers.format(t[field]), align: 'right', ...rest };
}

/**
 * The flow table's columns in order. `hideBelow` carries the width tiers: Fill goes under 1350 px;
 * DTE, OI and Volume under 1250 px; Price, Size, Type and Score under 850 px. Date sorts by date
 * and time together so "newest first" holds across days; Time alone starts descending.
 */
export const FLOW_COLUMNS: readonly FlowColumn[] = [
  { id: 'date', header: 'Date', value: (t) => `${t.date} ${t.time}`, format: (t) => t.date },
  { id: 'time', header: 'Time', value: (t) => t.time, firstDirection: 'desc' },
  { id: 'ticker', header: 'Ticker', value: (t) => t.ticker },
  { id: 'put_call', header: 'C/P', value: (t) => t.put_call },
  numberColumn('strike', 'Strike ($)', 'strike_price', decimal, { compactHeader: 'Strike' }),
  { id: 'dte', header: 'DTE', value: (t) => t.DTE, align: 'right', hideBelow: FLOW_TIERS.hideDetail },
  { id: 'fill', header: 'Fill', value: (t) => t.fill, hideBelow: FLOW_TIERS.hideFill },
  numberColumn('price', 'Price', 'price', decimal, { hideBelow: FLOW_TIERS.hideCompact }),
  numberColumn('size', 'Size', 'size', integer, { hideBelow: FLOW_TIERS.hideCompact }),
  { id: 'type', header: 'Type', value: (t) => t.option_activity_type, hideBelow: FLOW_TIERS.hideCompact },
  numberColumn('oi', 'OI', 'open_interest', integer, { hideBelow: FLOW_TIERS.hideDetail }),
  numberColumn('volume', 'Volume', 'volume', integer, { hideBelow: FLOW_TIERS.hideDetail }),
  {
    id: 'score',
    header: 'Score',
    value: (t) => t.score,
    format: (t) => formatScore(t.score),
    hideBelow: FLOW_TIERS.hideCompact,
  },
  {
    id: 'premium',
    header: 'Premium',
    value: (t) => t.cost_basis,
    format: (t) => formatPremium(t.cost_basis),
    align: 'right',
  },
];

/** Columns shown at a viewport width; live mode hides Date. */
export function visibleFlowColumns(width: number, live: boolean): FlowColumn[] {
  return FLOW_COLUMNS.filter((c) => !(live && c.id === 'date') && (c.hideBelow === undefined || width >= c.hideBelow));
}

/** Default order: the initial column, descending (Date in historical mode, Time in live mode). */
export function defaultFlowSort(live: boolean): SortState {
  return { columnId: live ? 'time' : 'date', direction: 'desc' };
}

export interface FlowPage {
  rows: FlowTrade[];
  /** Invisible rows that keep the table at a full page's height. */
  blanks: number;
  page: number;
  pageCount: number;
}

/** One page of already-sorted rows, padded with blanks to the page size. */
export function flowPage(sorted: readonly FlowTrade[], page: number, pageSize = FLOW_PAGE_SIZE): FlowPage {
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = sorted.slice((current - 1) * pageSize, current * pageSize);
  return { rows, blanks: pageSize - rows.length, page: current, pageCount };
}
