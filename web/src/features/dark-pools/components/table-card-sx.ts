import type { SxProps, Theme } from '@mui/material/styles';

/** Narrower cell padding and unbroken values on phones, so the kept columns fit 375 px. */
export const tableCardSx: SxProps<Theme> = {
  p: { xs: 1.5, sm: 2 },
  '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } },
  '& td': { whiteSpace: 'nowrap' },
};
