import { lazy, Suspense, useEffect, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { EARLIEST_FLOW_DATE } from '@tapewatch/shared/params/flow';
import { formatRange, parseRange } from '../utils/date-range.ts';

// The calendars (Popover, date inputs) load when first opened, or when the button is pointed at:
// the field itself is a plain outlined input, not a TextField, whose Select would come along.
const loadCalendars = () => import('./date-range-calendars.tsx');
const DateRangeCalendars = lazy(loadCalendars);

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
  // Mounted from the first opening on, so the popover closes with its transition.
  const [calendarsUsed, setCalendarsUsed] = useState(false);
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
      <FormControl
        size="small"
        disabled={disabled}
        error={error !== ''}
        sx={{ width: 262, ...(!disabled && { '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' } }) }}
      >
        <OutlinedInput
          placeholder="Start - End"
          value={text}
          onChange={(e) => onText(e.target.value)}
          inputProps={{ 'aria-label': 'Start - End', inputMode: 'numeric', spellCheck: false }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label="Pick dates"
                disabled={disabled}
                onPointerEnter={() => void loadCalendars()}
                onFocus={() => void loadCalendars()}
                onClick={(e) => {
                  setDraft({ start, end });
                  setAnchor(e.currentTarget);
                  setCalendarsUsed(true);
                }}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          }
        />
        {error && (
          <FormHelperText sx={{ position: 'absolute', top: '100%', mt: 0.25, mx: 0, whiteSpace: 'nowrap' }}>
            {error}
          </FormHelperText>
        )}
      </FormControl>
      {calendarsUsed && (
        <Suspense fallback={null}>
          <DateRangeCalendars anchor={anchor} onClose={() => setAnchor(null)} draft={draft} onPick={pick} min={min} />
        </Suspense>
      )}
    </>
  );
}
