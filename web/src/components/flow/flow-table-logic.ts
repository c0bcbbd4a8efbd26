import { BREAKPOINTS, PAGE_SIZES } from '@tapewatch/shared/constants';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { isOpening, nextDayVerdict, volumeOiRatio } from '@tapewatch/shared/flow/print-context';
import type { FlowRowTrade } from '@tapewatch/shared/flow/spreads';
import type { ColumnDef, SortState } from '../table/table-logic.ts';

/** Column tiers of spec part 2 section 2.5.2: what each viewport width band hides. */
export const FLOW_TIERS = {
  showGreeks: BREAKPOINTS.tierWidest,
  hideFill: 1350,
  hideDetail: 1250,
  hideCompact: 850,
} as const;

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
  | 'voloi'
  | 'ivdelta'
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

/** Day volume over the open interest before it ("0.25x", "1.4x", "12x": narrow enough for 1440 px), "open" when it passed it, and the next day's verdict. */
export function formatVolOi(t: FlowTrade): string {
  const ratio = volumeOiRatio(t);
  const verdict = nextDayVerdict(t);
  return [
    ratio === null ? 'new' : `${ratio.toFixed(ratio < 1 ? 2 : ratio < 10 ? 1 : 0)}x`,
    isOpening(t) ? 'open' : '',
    verdict === 'confirmed' ? '✓' : verdict === 'contradicted' ? '✗' : '',
  ]
    .filter((p) => p !== '')
    .join(' ');
}

const SEEN_SINCE = 'the feed cannot tell opening from closing below that';

/** The Vol/OI cell's explanation: the figures behind it and what the next day said. */
export function volOiTitle(t: FlowTrade): string {
  const head = `Day volume ${integer.format(t.volume)} against open interest ${integer.format(t.open_interest)} before the day: `;
  const flag = isOpening(t) ? 'opening (the volume passed the open interest).' : `not flagged (${SEEN_SINCE}).`;
  const next =
    t.next_oi_change === undefined
      ? ''
      : ` Next day open interest ${t.next_oi_change >= 0 ? '+' : ''}${integer.format(t.next_oi_change)}${
          nextDayVerdict(t) === null ? '' : nextDayVerdict(t) === 'confirmed' ? ': confirms.' : ': contradicts.'
        }`;
  return head + flag + next;
}

/** IV in percent and delta at the print ("23.4% -0.45"); empty when the feed carried no quote to imply them from. */
export function formatIvDelta(t: FlowTrade): string {
  if (t.iv === undefined || t.delta === undefined) return '';
  return `${(t.iv * 100).toFixed(1)}% ${t.delta.toFixed(2)}`;
}

const DIRECTION_SHORT: Readonly<Record<string, string>> = {
  'long volatility': 'long vol',
  'short volatility': 'short vol',
};

/** What a spread row says in the Vol/OI column: its direction (its net premium is in the Premium column). */
export function formatSpreadContext(t: FlowRowTrade): string {
  const d = t.spread?.direction;
  return d ? (DIRECTION_SHORT[d] ?? d) : '';
}

/** A spread's Premium cell explanation: net debit or credit. */
export function spreadPremiumTitle(t: FlowRowTrade): string | undefined {
  const net = t.spread?.netPremium;
  if (net === undefined) return undefined;
  if (net === null) return 'Total premium of the legs (a leg printed at the mid: its side is unknown)';
  return `Net ${net >= 0 ? 'debit' : 'credit'}: premium paid for bought legs minus premium received for sold ones`;
}

/**
 * The flow table's columns in order. `hideBelow` carries the width tiers: IV · Δ shows from 1600 px
 * (beside the sidebar, sixteen columns fit no narrower); Fill goes under 1350 px; DTE, OI, Volume and Vol/OI under 1250 px; Price, Size, Type and Score under 850 px. Date sorts by date
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
    id: 'voloi',
    header: 'Vol/OI',
    value: (t) => volumeOiRatio(t),
    format: (t) => ((t as FlowRowTrade).spread ? formatSpreadContext(t) : formatVolOi(t)),
    align: 'right',
    hideBelow: FLOW_TIERS.hideDetail,
  },
  {
    id: 'ivdelta',
    header: 'IV · Δ',
    value: (t) => t.iv,
    format: (t) => ((t as FlowRowTrade).spread ? '' : formatIvDelta(t)),
    align: 'right',
    hideBelow: FLOW_TIERS.showGreeks,
  },
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

export interface FlowPage<Row extends FlowTrade = FlowTrade> {
  rows: Row[];
  /** Invisible rows that keep the table at a full page's height. */
  blanks: number;
  page: number;
  pageCount: number;
}

/** One page of already-sorted rows, padded with blanks to the page size. */
export function flowPage<Row extends FlowTrade>(
  sorted: readonly Row[],
  page: number,
  pageSize = FLOW_PAGE_SIZE,
): FlowPage<Row> {
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = sorted.slice((current - 1) * pageSize, current * pageSize);
  return { rows, blanks: pageSize - rows.length, page: current, pageCount };
}
