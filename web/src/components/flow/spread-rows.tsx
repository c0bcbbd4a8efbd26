import { useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { legSide } from '@tapewatch/shared/flow/multi-leg';
import { SpreadRows, type FlowRowTrade, type SpreadOrder } from '@tapewatch/shared/flow/spreads';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { FlowColumn } from './flow-table-logic.ts';
import { flowCellSx, putCallTextColor } from './put-call-color.ts';

/**
 * The rows of a flow list with each multi-leg order as one row (issue 39 item 3). Kept across
 * renders: a streamed print leaves every other order's row object as it was, so memoised rows hold.
 */
export function useSpreadRows(trades: readonly FlowTrade[]): FlowRowTrade[] {
  const grouped = useRef<SpreadRows | null>(null);
  grouped.current ??= new SpreadRows();
  const rows = grouped.current;
  return useMemo(() => rows.rows(trades), [rows, trades]);
}

/** Phones: names as short as "Call", so the C/P column keeps its width at 375 px. */
const SHORT: Record<string, string> = {
  vertical: 'Vert',
  calendar: 'Cal',
  straddle: 'Strd',
  strangle: 'Strg',
  'risk reversal': 'RR',
};

const label = (s: SpreadOrder): string =>
  s.structure === null ? 'Multi-leg' : s.structure.charAt(0).toUpperCase() + s.structure.slice(1);

/** Shown in the C/P cell: the name, risk reversal shortened so the column stays narrow enough for 1440 px. */
const shown = (s: SpreadOrder, dense: boolean): string =>
  dense
    ? s.structure === null
      ? 'ML'
      : SHORT[s.structure]!
    : s.structure === 'risk reversal'
      ? 'Risk rev.'
      : label(s);

/** Bullish in the call colour, bearish in the put colour, anything else in the text colour. */
const directionColor = (s: SpreadOrder) => (t: Theme) =>
  s.direction === 'bullish'
    ? putCallTextColor(t, 'Call')
    : s.direction === 'bearish'
      ? putCallTextColor(t, 'Put')
      : t.palette.text.primary;

/** The spread's name in the C/P cell: a button that shows or hides its legs. */
export function SpreadToggle({
  order,
  open,
  dense,
  onToggle,
}: {
  order: SpreadOrder;
  open: boolean;
  dense: boolean;
  onToggle: (key: string) => void;
}) {
  const name = label(order);
  const Icon = open ? ExpandLessIcon : ExpandMoreIcon;
  return (
    <ButtonBase
      data-testid="spread-toggle"
      title={name}
      aria-expanded={open}
      aria-label={`${name} spread, ${order.legs.length} legs${order.direction ? `, ${order.direction}` : ''}: ${open ? 'hide' : 'show'} legs`}
      onClick={() => onToggle(order.key)}
      sx={{
        font: 'inherit',
        fontWeight: 600,
        color: directionColor(order),
        borderRadius: 1,
        px: 0.25,
        gap: 0.25,
        ...(dense && { textDecoration: 'underline dotted', textUnderlineOffset: 3 }),
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      {shown(order, dense)}
      {/* Two legs is the rule: only a larger order shows its count. */}
      {!dense && order.legs.length > 2 && (
        <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
          {order.legs.length}
        </Box>
      )}
      {/* Phones: no chevron (the column stays as narrow as "Call"); a dotted underline says it opens. */}
      {dense ? null : <Icon sx={{ fontSize: 16 }} aria-hidden />}
    </ButtonBase>
  );
}

/** A leg's side and type ("Buy Call"; on phones "B Call"), the side unknown at the mid ("Call"). */
function legLabel(l: FlowTrade, dense: boolean): string {
  const side = legSide(l.aggressor_ind);
  if (side === null) return l.put_call;
  const word = side === 'buy' ? 'Buy' : 'Sell';
  return `${dense ? word[0] : word} ${l.put_call}`;
}

/** The legs of an open spread, under its row, in the table's columns. */
export function SpreadLegRows({
  order,
  columns,
  dense,
}: {
  order: SpreadOrder;
  columns: readonly FlowColumn[];
  dense: boolean;
}) {
  return order.legs.map((l) => (
    <TableRow key={l.key} data-testid="flow-leg-row" data-key={l.key} sx={{ bgcolor: 'action.hover' }}>
      {columns.map((c, i) => (
        <TableCell
          key={c.id}
          align={c.align ?? 'left'}
          sx={{ ...flowCellSx(c.id, dense, l.put_call), fontSize: 12, ...(i === 0 && { pl: dense ? 1.5 : 3 }) }}
        >
          {c.id === 'put_call'
            ? legLabel(l, dense)
            : c.id === 'date' && dense
              ? l.date.slice(5)
              : c.format
                ? c.format(l)
                : String(c.value(l) ?? '')}
        </TableCell>
      ))}
    </TableRow>
  ));
}
