import { formatPremium } from '../../../components/flow/flow-table-logic.ts';
import type { FlowRow } from '../api/get-watchlist-flow.ts';

/** The Watchlist page's flow columns for subscribers (issue 39 item 5); premiums in thousands. */
export interface FlowColumn {
  key: 'net_premium' | 'calls_puts' | 'largest';
  header: string;
  format: (row: FlowRow | undefined) => string;
  align: 'left' | 'right';
}

const withSign = (k: number) => `${k > 0 ? '+' : ''}${formatPremium(k)}`;

export const FLOW_COLUMNS: readonly FlowColumn[] = [
  {
    key: 'net_premium',
    header: 'Net premium today',
    format: (r) => (r ? withSign(r.net_premium) : '-'),
    align: 'right',
  },
  {
    key: 'calls_puts',
    header: 'Calls / Puts',
    format: (r) => (r ? `${formatPremium(r.call_premium)} / ${formatPremium(r.put_premium)}` : '-'),
    align: 'right',
  },
  {
    key: 'largest',
    header: 'Largest print',
    format: (r) => (r?.largest ? formatPremium(r.largest.cost_basis) : '-'),
    align: 'left',
  },
];

/** Net premium's colour: calls ahead green, puts ahead red. */
export const netColor = (r: FlowRow | undefined): string | undefined =>
  !r || r.net_premium === 0 ? undefined : r.net_premium > 0 ? 'success.main' : 'error.main';
