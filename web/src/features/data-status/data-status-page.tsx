import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmptyOutlined';
import KeyOffIcon from '@mui/icons-material/KeyOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { type DataStatus, useDataStatus } from './api/get-data-status.ts';

type SourceState = DataStatus['sources'][number]['state'];

// Colour and words together: the label says the state, the icon and colour only repeat it.
const STATE_CHIP: Record<
  SourceState,
  { label: string; color: 'default' | 'success' | 'error' | 'warning'; icon: ReactElement | undefined }
> = {
  demo: { label: 'Demo data', color: 'default', icon: undefined },
  ready: { label: 'Ready', color: 'success', icon: <CheckCircleOutlineIcon /> },
  failing: { label: 'Failing', color: 'error', icon: <ErrorOutlineIcon /> },
  pending: { label: 'No update yet', color: 'warning', icon: <HourglassEmptyIcon /> },
  missing_key: { label: 'Key missing', color: 'error', icon: <KeyOffIcon /> },
  no_live_adapter: { label: 'Not available yet', color: 'warning', icon: undefined },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The line under a source's state: since when it fails and why, or when it last updated. */
function StateDetail({ source }: { source: DataStatus['sources'][number] }) {
  if (source.state === 'failing' && source.since)
    return (
      <Typography variant="caption" sx={{ display: 'block' }} color="error" data-testid="source-failing">
        Failing since {dateTime.format(new Date(source.since))}: {source.error}
      </Typography>
    );
  if (source.state === 'ready' && source.last_success_at)
    return (
      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
        Last update {dateTime.format(new Date(source.last_success_at))}
      </Typography>
    );
  if (source.state === 'pending')
    return (
      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
        Waiting for its first successful update.
      </Typography>
    );
  return null;
}

/** Which market-data sources this deployment serves, what each costs, and what its screens say without it. */
export function DataStatusPage() {
  const { data, isLoading } = useDataStatus();
  const live = data?.data_mode === 'live';
  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1">Data status</Typography>
      {data && (
        <Alert severity={live ? 'info' : 'warning'} data-testid="data-mode">
          {live
            ? 'This deployment serves live market data. Screens whose source is not configured say so instead of showing old data.'
            : 'This deployment serves the demo dataset: every screen shows generated or bundled history, not live data.'}
        </Alert>
      )}
      <LoadingOverlay open={isLoading} />
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Data sources">
          <TableHead>
            <TableRow>
              <TableCell>Data</TableCell>
              <TableCell>Provider</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Screens</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.sources.map((s) => (
              <TableRow key={s.source} data-testid="data-source">
                <TableCell>{s.name}</TableCell>
                <TableCell>
                  {s.provider}
                  <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                    {s.cost === 'free' ? 'Free. ' : 'Paid. '}
                    {s.terms}
                  </Typography>
                </TableCell>
                <TableCell>{s.env_key ?? 'none'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={STATE_CHIP[s.state].label}
                    color={STATE_CHIP[s.state].color}
                    {...(STATE_CHIP[s.state].icon ? { icon: STATE_CHIP[s.state].icon } : {})}
                  />
                  <StateDetail source={s} />
                </TableCell>
                <TableCell>
                  {s.screens.join(', ')}
                  {(s.state === 'missing_key' || s.state === 'no_live_adapter' || s.state === 'failing') && (
                    <Typography variant="caption" sx={{ display: 'block' }} color="error">
                      {s.unavailable}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
