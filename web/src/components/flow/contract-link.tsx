import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { occSymbolOfPrint, parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';

type Print = Parameters<typeof occSymbolOfPrint>[0];

/** Where a contract's page is: /contract/<compact OCC symbol>. */
export const contractPath = (symbol: string): string => `/contract/${encodeURIComponent(symbol)}`;

/** "SPY 510C 2024-03-15": an OCC symbol as a trader reads it (the symbol itself when it is not one). */
export function contractLabel(symbol: string): string {
  const o = parseOccSymbol(symbol);
  return o ? `${o.root} ${o.strike}${o.type === 'call' ? 'C' : 'P'} ${o.expiry}` : symbol;
}

/**
 * A link to a contract's page, from a flow print (`print`) or an OCC symbol. The text defaults to the
 * contract's label; a table cell passes its own (the strike it shows).
 */
export function ContractLink({
  print,
  symbol,
  children,
  onClick,
}: { children?: ReactNode; onClick?: () => void } & (
  | { print: Print; symbol?: never }
  | { symbol: string; print?: never }
)) {
  const occ = print ? occSymbolOfPrint(print) : symbol;
  return (
    <Link
      component={RouterLink}
      to={contractPath(occ)}
      data-testid="contract-link"
      title={`Open ${contractLabel(occ)}`}
      {...(onClick ? { onClick } : {})}
      sx={{ color: 'inherit', textDecorationColor: 'currentColor' }}
    >
      {children ?? contractLabel(occ)}
    </Link>
  );
}
