import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';

export interface DateRangeCalendarsProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The calendars' own picks (the range text is only valid once both ends are set). */
  draft: { start: string; end: string };
  onPick: (next: { start: string; end: string }) => void;
  /** The first selectable day. */
  min: string;
}

/** The two calendars of the date range field (date-range-field.tsx), loaded when first opened. */
export default function DateRangeCalendars({ anchor, onClose, draft, onPick, min }: DateRangeCalendarsProps) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
        {(['start', 'end'] as const).map((side) => (
          <TextField
            key={side}
            type="date"
            size="small"
            label={side === 'start' ? 'Start' : 'End'}
            value={draft[side]}
            onChange={(e) => onPick({ ...draft, [side]: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput:
                side === 'start'
                  ? { min, max: draft.end || undefined, 'aria-label': 'Start date' }
                  : { min: draft.start || min, 'aria-label': 'End date' },
            }}
          />
        ))}
      </Box>
    </Popover>
  );
}
