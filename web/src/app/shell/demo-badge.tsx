import Chip from '@mui/material/Chip';
import { useAppInfo } from '../api/get-app-info.ts';

export function demoBadgeText(asOf: string | null, optionsFlow: 'simulated' | 'live'): string {
  const base = asOf ? `Demo data as of ${asOf}` : 'Demo data';
  return optionsFlow === 'simulated' ? `${base} — options flow simulated` : base;
}

/** Shown whenever the server runs on the demo data set, so nobody mistakes it for live data. */
export function DemoBadge() {
  const { data } = useAppInfo();
  if (data?.data_mode !== 'demo') return null;
  return (
    <Chip
      data-testid="demo-badge"
      size="small"
      color="warning"
      variant="outlined"
      label={demoBadgeText(data.as_of, data.options_flow)}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
