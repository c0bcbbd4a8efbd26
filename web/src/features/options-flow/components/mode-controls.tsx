import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { EARLIEST_FLOW_DATE } from '@tapewatch/shared/params/flow';
import { HoverHint } from '../../../components/ui/hover-hint.tsx';
import type { LiveStatus } from '../live/live-flow-connection.ts';
import { DateRangeField } from './date-range-field.tsx';

export type FlowMode = 'live' | 'historical';

interface ModeControlsProps {
  mode: FlowMode;
  onMode: (mode: FlowMode) => void;
  start: string;
  end: string;
  onDates: (start: string, end: string) => void;
  /** Historical (load the range) and Update (re-send the filters): both send the current range and filters. */
  onSubmit: () => void;
  status: LiveStatus;
  /** The first day with stored flow, when the server has said it. */
  minDate?: string | null;
}

export const ROWS_TOOLTIP = 'A maximum of 10k rows is returned for historical data.';

const STATUS_CHIP: Record<LiveStatus, { label: string; color: 'success' | 'warning' | 'default' }> = {
  live: { label: 'Live', color: 'success' },
  connecting: { label: 'Connecting…', color: 'default' },
  reconnecting: { label: 'Reconnecting…', color: 'warning' },
  closed: { label: 'Offline', color: 'default' },
  replaced: { label: 'Paused: live in another window', color: 'default' },
  ended: { label: 'Session ended', color: 'default' },
};

/** Live/historical switch, the "Start - End" range (disabled live) and the historical actions. */
export function ModeControls({ mode, onMode, start, end, onDates, onSubmit, status, minDate }: ModeControlsProps) {
  const live = mode === 'live';
  // A range ending before the stored history would only bring the server's "first available date"
  // alert; one that starts earlier is allowed and the page says where the data begins.
  const rangeOk =
    start !== '' && end !== '' && start >= EARLIEST_FLOW_DATE && end >= start && (!minDate || end >= minDate);
  const chip = STATUS_CHIP[status];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <FormControlLabel
        control={<Switch checked={live} onChange={(e) => onMode(e.target.checked ? 'live' : 'historical')} />}
        label="Live"
      />
      {live && (
        <Chip
          size="small"
          data-testid="live-status"
          label={chip.label}
          color={chip.color}
          variant={status === 'live' ? 'filled' : 'outlined'}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <DateRangeField start={start} end={end} disabled={live} onDates={onDates} minDate={minDate ?? null} />
        <HoverHint title={ROWS_TOOLTIP}>
          <InfoOutlinedIcon fontSize="small" color="action" aria-label={ROWS_TOOLTIP} />
        </HoverHint>
      </Box>
      {!live && (
        <>
          <Button variant="contained" size="small" disabled={!rangeOk} onClick={onSubmit}>
            Historical
          </Button>
          <Button variant="outlined" size="small" disabled={!rangeOk} onClick={onSubmit}>
            Update
          </Button>
        </>
      )}
    </Box>
  );
}
