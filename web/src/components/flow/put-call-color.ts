import type { Theme } from '@mui/material/styles';

/**
 * MUI green[300] and red[200]: on the dark newest-row marker the theme's green reads 4.48:1 and its
 * red 3.4:1, under AA's 4.5:1.
 */
const DARK_MODE = { Call: '#81c784', Put: '#ef9a9a' } as const;

/**
 * The C/P cell's text colour, AA (4.5:1) on the paper and on the tinted newest-row marker in both
 * modes: the darker shades in light mode, lighter ones in dark mode.
 */
export function putCallTextColor(theme: Theme, side: 'Call' | 'Put'): string {
  if (theme.palette.mode === 'light') return (side === 'Call' ? theme.palette.success : theme.palette.error).dark;
  return DARK_MODE[side];
}

/** Phones: tighter cells so the six remaining columns fit 375 px. */
export const DENSE_CELL = { px: 0.5, fontSize: 12 } as const;

/** A flow cell's style: one line, aligned digits, tight on phones, the C/P column coloured by `side` (none for a spread). */
export function flowCellSx(columnId: string, dense: boolean, side: 'Call' | 'Put' | null) {
  return {
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    ...(dense && DENSE_CELL),
    ...(columnId === 'put_call' &&
      side !== null && { color: (t: Theme) => putCallTextColor(t, side), fontWeight: 600 }),
  } as const;
}
