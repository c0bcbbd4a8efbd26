import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, darken, type Theme } from '@mui/material/styles';
import type { OptionSide } from '@tapewatch/shared/schemas/option-chain';
import { formatNumber, formatRatioAsPercent } from '../../../lib/format.ts';
import type { ChainTableRow } from '../utils/chain-table.ts';

interface Column {
  id: string;
  label: string;
  title: string;
  cell: (s: OptionSide) => string;
  greek?: boolean;
}

const COLUMNS: readonly Column[] = [
  { id: 'bid', label: 'Bid', title: 'Bid', cell: (s) => formatNumber(s.bid, 2) },
  { id: 'ask', label: 'Ask', title: 'Ask', cell: (s) => formatNumber(s.ask, 2) },
  { id: 'last', label: 'Last', title: 'Last trade price', cell: (s) => formatNumber(s.last, 2) },
  { id: 'volume', label: 'Vol', title: 'Volume today', cell: (s) => formatNumber(s.volume) },
  { id: 'oi', label: 'OI', title: 'Open interest', cell: (s) => formatNumber(s.open_interest) },
  { id: 'iv', label: 'IV', title: 'Implied volatility of the mid', cell: (s) => formatRatioAsPercent(s.iv, 1) },
  { id: 'delta', label: 'Δ', title: 'Delta', cell: (s) => formatNumber(s.delta, 3), greek: true },
  { id: 'gamma', label: 'Γ', title: 'Gamma', cell: (s) => formatNumber(s.gamma, 4), greek: true },
  { id: 'theta', label: 'Θ', title: 'Theta per day', cell: (s) => formatNumber(s.theta, 3), greek: true },
  { id: 'vega', label: 'Vega', title: 'Vega per vol point', cell: (s) => formatNumber(s.vega, 3), greek: true },
];

// The palette's warning orange is 3:1 on white: in light mode a darker shade keeps the hot volume readable (axe, AA).
const hotVolume = (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette.warning.main : darken(theme.palette.warning.dark, 0.3);
const itmShade = (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08);

function SideCells({
  side,
  columns,
  itm,
  hot,
  topOi,
  kind,
}: {
  side: OptionSide | null;
  columns: readonly Column[];
  itm: boolean;
  hot: boolean;
  topOi: boolean;
  kind: 'call' | 'put';
}) {
  return columns.map((c) => (
    <TableCell
      key={`${kind}-${c.id}`}
      align="right"
      data-itm={itm || undefined}
      sx={{
        bgcolor: itm ? itmShade : undefined,
        fontWeight: (c.id === 'volume' && hot) || (c.id === 'oi' && topOi) ? 700 : undefined,
        color: c.id === 'volume' && hot ? hotVolume : undefined,
      }}
    >
      {side ? c.cell(side) : '-'}
    </TableCell>
  ));
}

export function ChainTable({ rows, showGreeks }: { rows: readonly ChainTableRow[]; showGreeks: boolean }) {
  const columns = COLUMNS.filter((c) => showGreeks || !c.greek);
  const putColumns = [...columns];
  const callColumns = [...columns].reverse();
  return (
    // The table scrolls sideways inside its own box; the page itself never does (375 px phones).
    <Box
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
      data-testid="chain-scroll"
      tabIndex={0}
      role="region"
      aria-label="Option chain table"
    >
      <Table size="small" stickyHeader data-testid="chain-table" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell colSpan={columns.length} align="center">
              Calls
            </TableCell>
            <TableCell align="center">Strike</TableCell>
            <TableCell colSpan={columns.length} align="center">
              Puts
            </TableCell>
          </TableRow>
          <TableRow>
            {callColumns.map((c) => (
              <TableCell key={`call-${c.id}`} align="right" title={c.title}>
                {c.label}
              </TableCell>
            ))}
            <TableCell align="center">Strike</TableCell>
            {putColumns.map((c) => (
              <TableCell key={`put-${c.id}`} align="right" title={c.title}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.expiration}-${r.strike}`} data-testid="chain-row" data-atm={r.atm || undefined}>
              <SideCells
                side={r.call}
                columns={callColumns}
                itm={r.callItm}
                hot={r.callHot}
                topOi={r.callTopOi}
                kind="call"
              />
              <TableCell
                component="th"
                scope="row"
                align="center"
                sx={{ fontWeight: 700, bgcolor: 'background.default', borderInline: 1, borderColor: 'divider' }}
              >
                {formatNumber(r.strike, 2)}
              </TableCell>
              <SideCells
                side={r.put}
                columns={putColumns}
                itm={r.putItm}
                hot={r.putHot}
                topOi={r.putTopOi}
                kind="put"
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
