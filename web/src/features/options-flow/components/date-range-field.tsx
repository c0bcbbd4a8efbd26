import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { EARLIEST_FLOW_DATE } from '@tapewatch/shared/params/flow';
import { formatRange, parseRange } from '../utils/date-range.ts';

interface DateRangeFieldProps {
  start: string;
  end: string;
  disabled: boolean;
  /** Called with the parsed range, or with empty strings while the text is not a valid range. */
  onDates: (start: string, end: string) => void;
  /** The first day with stored flow (the calendars start there); the spec's earliest date when unknown. */
  minDate?: string | null;
}

/**
 * The spec's "Start - End" date picker (part 2 section 2.5): typed as YYYY-MM-DD - YYYY-MM-DD, or
 * picked from two calendars in a popover. Browsers' own date inputs show the user's locale format
 * (mm/dd/yyyy), hence a text field with the ISO format the spec asks for.
 */
export function DateRangeField({ start, end, disabled, onDates, minDate }: DateRangeFieldProps) {
  const min = minDate ?? EARLIEST_FLOW_DATE;
  const [text, setText] = useState(formatRange(start, end));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The calendars' own picks: the range text is only valid once both ends are set.
  const [draft, setDraft] = useState({ start, end });
  // A range set from outside (the calendars, a reset) replaces the text.
  useEffect(() => {
    if (start !== '' && end !== '') setText(formatRange(start, end));
  }, [start, end]);

  const parsed = parseRange(text);
  const error = text.trim() !== '' && typeof parsed === 'string' ? parsed : '';
  const onText = (value: string) => {
    setText(value);
    const range = parseRange(value);
    if (typeof range === 'string') onDates('', '');
    else onDates(range.start, range.end);
  };

  const pick = (next: { start: string; end: string }) => {
    setDraft(next);
    onText(formatRange(next.start, next.end));
  };

  return (
    <>
      <TextField
        size="small"
        placeholder="Start - End"
        value={text}
        disabled={disabled}
        error={error !== ''}
        helperText={error || undefined}
        onChange={(e) => onText(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Start - End', inputMode: 'numeric', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Pick dates"
                  disabled={disabled}
                  onClick={(e) => {
                    setDraft({ start, end });
                    setAnchor(e.currentTarget);
                  }}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
          formHelperText: { sx: { position: 'absolute', top: '100%', mt: 0.25, mx: 0, whiteSpace: 'nowrap' } },
        }}
        sx={{ width: 262, ...(!disabled && { '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' } }) }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
              onChange={(e) => pick({ ...draft, [side]: e.target.value })}
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
    </>
  );
}
