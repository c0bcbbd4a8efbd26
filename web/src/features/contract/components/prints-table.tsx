import Box from '@mui/material/Box';
import type { ContractPrint } from '@tapewatch/shared/schemas/option-contract';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';
import { DataTable } from '../../../components/table/data-table.tsx';
import type { ColumnDef } from '../../../components/table/table-logic.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatPnl, SIDE_LABELS } from '../utils/contract-view.ts';

export const PRINTS_PAGE_SIZE = 15;
// Phones keep Date, Side and P&L (Price too from 480 px); the rest stays in the CSV.
const PHONE = 600;
const NARROW = 480;

function PnlCell({ pnl }: { pnl: number | null }) {
  return (
    <Box
      component="span"
      sx={{ color: pnl === null || pnl === 0 ? 'text.secondary' : pnl > 0 ? 'success.main' : 'error.main' }}
    >
      {formatPnl(pnl)}
    </Box>
  );
}

const COLUMNS: ColumnDef<ContractPrint>[] = [
  { id: 'date', header: 'Date', value: (p) => `${p.date} ${p.time}`, format: (p) => p.date, firstDirection: 'desc' },
  { id: 'time', header: 'Time', value: (p) => p.time, hideBelow: PHONE },
  { id: 'side', header: 'Side', value: (p) => SIDE_LABELS[p.side] },
  { id: 'fill', header: 'Fill', value: (p) => p.fill, hideBelow: PHONE },
  {
    id: 'price',
    header: 'Price',
    value: (p) => p.price,
    format: (p) => formatNumber(p.price, 2),
    align: 'right',
    hideBelow: NARROW,
  },
  {
    id: 'size',
    header: 'Size',
    value: (p) => p.size,
    format: (p) => formatNumber(p.size, 0),
    align: 'right',
    hideBelow: PHONE,
  },
  {
    id: 'premium',
    header: 'Premium',
    value: (p) => p.cost_basis,
    format: (p) => formatPremium(p.cost_basis),
    align: 'right',
    hideBelow: PHONE,
  },
  {
    id: 'pnl',
    header: 'P&L',
    value: (p) => p.pnl,
    format: (p) => formatPnl(p.pnl),
    render: (p) => <PnlCell pnl={p.pnl} />,
    align: 'right',
    firstDirection: 'desc',
  },
];

/** The contract's prints of the window with each one's P&L at today's mid. */
export function PrintsTable({ prints, symbol }: { prints: readonly ContractPrint[]; symbol: string }) {
  return (
    <DataTable
      rows={prints}
      columns={COLUMNS}
      pageSize={PRINTS_PAGE_SIZE}
      getRowKey={(p) => p.key}
      defaultSort={{ columnId: 'date', direction: 'desc' }}
      ariaLabel="Prints of this contract"
      csvFileName={`contract-prints-${symbol}`}
    />
  );
}
