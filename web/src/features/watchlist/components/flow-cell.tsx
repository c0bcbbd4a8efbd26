import Box from '@mui/material/Box';
import { ContractLink, contractLabel } from '../../../components/flow/contract-link.tsx';
import type { FlowRow } from '../api/get-watchlist-flow.ts';
import type { FlowColumn } from '../utils/flow-columns.ts';

/** One flow cell's content: the largest print links to its contract's page. */
export function FlowCellContent({ column, row }: { column: FlowColumn; row: FlowRow | undefined }) {
  if (column.key === 'largest' && row?.largest) {
    return (
      <ContractLink symbol={row.largest.symbol}>
        {contractLabel(row.largest.symbol)}{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {column.format(row)}
        </Box>
      </ContractLink>
    );
  }
  return <>{column.format(row)}</>;
}
