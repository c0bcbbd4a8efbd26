import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { toSearchFragment, useSearchTickers, type TickerSuggestion } from './search-tickers.ts';
import { normalizeTicker, useGlobalTicker } from '../../lib/global-ticker.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { WatchlistStar } from '../watchlist/watchlist-star.tsx';
import { OptionsPageShortcuts } from './options-page-shortcuts.tsx';

/** Long enough to skip the keystrokes of a fast typist, short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 150;

const NO_OPTIONS: readonly TickerSuggestion[] = [];

// MUI's Autocomplete (with Popper, ~17 kB gzip) is not needed to paint the screen: the box first
// renders as a plain field of the same look, and the Autocomplete loads on the first sign of use
// (pointer over it, focus), which on the screens with a ticker search keeps it out of initial JS.
let loadedAutocomplete: typeof Autocomplete | null = null;
let autocompleteLoad: Promise<typeof Autocomplete> | null = null;

/** Loads the Autocomplete once; later searches (other screens) render it straight away. */
export function loadTickerAutocomplete(): Promise<typeof Autocomplete> {
  autocompleteLoad ??= import('@mui/material/Autocomplete').then((m) => {
    loadedAutocomplete = m.default;
    return m.default;
  });
  return autocompleteLoad;
}

/**
 * The Autocomplete pads its small field 6px where a plain outlined field pads 14px: without this the
 * search icon would jump 8px left when the Autocomplete takes the plain field's place. The text stays
 * where it was (the input's own 8px left padding goes, the 8px more of the root comes).
 */
const autocompleteInsets = {
  '& .MuiAutocomplete-inputRoot.MuiInputBase-sizeSmall': { paddingLeft: '14px' },
  '& .MuiAutocomplete-inputRoot.MuiInputBase-sizeSmall .MuiAutocomplete-input': { paddingLeft: 0 },
};

/** Where the caret was in the plain field when the Autocomplete took its place. */
interface Handoff {
  start: number | null;
  end: number | null;
}

export const suggestionLabel = ([symbol, company]: TickerSuggestion): string => `${symbol} - ${company}`;

function findExact(options: readonly TickerSuggestion[], symbol: string): TickerSuggestion | undefined {
  return options.find(([s]) => s.toUpperCase() === symbol);
}

export interface TickerSearchProps {
  /** Called with the chosen ticker after the global ticker has been set. */
  onSelect?: (ticker: string) => void;
  /** Accessible name of the input (the placeholder alone is not a label). */
  label?: string;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * Ticker search box (spec 2.13): suggestions from /api/search_tickers as "TICKER - Company";
 * choosing one sets the global ticker. Filtering is the server's job, so the options are shown
 * as received.
 */
export function TickerSearch({ onSelect, label = 'Search ticker', autoFocus = false, sx }: TickerSearchProps) {
  const [, setTicker] = useGlobalTicker();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const fragment = toSearchFragment(input);
  const debounced = useDebouncedValue(fragment, SEARCH_DEBOUNCE_MS);
  const search = useSearchTickers(debounced);

  const options = fragment === '' ? NO_OPTIONS : (search.data?.tickers ?? NO_OPTIONS);
  // The list belongs to the typed text only once the debounce is over and the answer is not a
  // kept-over placeholder; until then an empty list means "still looking", not "no result".
  const settled =
    debounced === fragment && !search.isPlaceholderData && !search.isFetching && search.fetchStatus === 'idle';
  // Enter on a typed ticker whose suggestions had not arrived yet; completed when they do.
  const pendingEnter = useRef<string | null>(null);

  const [AutocompleteBox, setAutocompleteBox] = useState<typeof Autocomplete | null>(() => loadedAutocomplete);
  const plainInput = useRef<HTMLInputElement>(null);
  const boxInput = useRef<HTMLInputElement>(null);
  const handoff = useRef<Handoff | null>(null);
  const wantAutocomplete = () => {
    if (AutocompleteBox) return;
    void loadTickerAutocomplete().then((component) => {
      const el = plainInput.current;
      // Typing already started in the plain field: the Autocomplete keeps the text, focus and caret.
      if (el && el.ownerDocument.activeElement === el)
        handoff.current = { start: el.selectionStart, end: el.selectionEnd };
      setAutocompleteBox(() => component);
    });
  };
  useLayoutEffect(() => {
    const pending = handoff.current;
    const el = boxInput.current;
    if (!AutocompleteBox || !pending || !el) return;
    handoff.current = null;
    el.focus();
    el.setSelectionRange(pending.start, pending.end);
  }, [AutocompleteBox]);

  const select = useCallback(
    (symbol: string) => {
      pendingEnter.current = null;
      const ticker = normalizeTicker(symbol);
      setTicker(ticker);
      setInput('');
      setOpen(false);
      onSelect?.(ticker);
    },
    [setTicker, onSelect],
  );

  useEffect(() => {
    const wanted = pendingEnter.current;
    if (!wanted || !settled) return;
    pendingEnter.current = null;
    const match = findExact(options, wanted);
    if (match) select(match[0]);
  }, [settled, options, select]);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement> & { defaultMuiPrevented?: boolean }) => {
    if (event.key !== 'Enter') return;
    // An option highlighted with the arrows or the mouse: Autocomplete selects it itself.
    if (event.target instanceof HTMLElement && event.target.getAttribute('aria-activedescendant')) return;
    const wanted = normalizeTicker(input);
    if (!wanted) return;
    event.preventDefault();
    const match = findExact(options, wanted);
    if (match) {
      event.defaultMuiPrevented = true;
      select(match[0]);
    } else if (!settled) {
      pendingEnter.current = wanted;
    }
  };

  const callerSx = Array.isArray(sx) ? sx : [sx];
  const rootSx: SxProps<Theme> = [{ width: '100%', maxWidth: 420 }, ...callerSx];
  const startAdornment = (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" aria-hidden />
    </InputAdornment>
  );
  const spinner = (end?: ReactNode) => (
    <>
      {search.isFetching ? <CircularProgress color="inherit" size={16} aria-label="Searching" disableShrink /> : null}
      {end}
    </>
  );

  if (!AutocompleteBox) {
    // The same field, already typeable: what is typed here is the Autocomplete's text once it loads.
    return (
      <TextField
        sx={rootSx}
        size="small"
        placeholder="Enter name or ticker"
        autoFocus={autoFocus}
        value={input}
        inputRef={plainInput}
        onPointerEnter={wantAutocomplete}
        onFocus={wantAutocomplete}
        onKeyDown={handleKeyDown}
        onChange={(event) => {
          pendingEnter.current = null;
          setInput(event.target.value);
          setOpen(true);
        }}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-label': label,
            'aria-expanded': false,
            'aria-autocomplete': 'list',
            autoComplete: 'off',
          },
          input: { startAdornment, endAdornment: spinner() },
        }}
      />
    );
  }

  return (
    <AutocompleteBox<TickerSuggestion, false, false, false>
      sx={[{ width: '100%', maxWidth: 420, ...autocompleteInsets }, ...callerSx]}
      size="small"
      options={options as TickerSuggestion[]}
      value={null}
      inputValue={input}
      open={open && fragment !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onInputChange={(_event, value, reason) => {
        // 'reset' echoes the (always empty) selected value after a choice; the text is ours.
        if (reason === 'reset') return;
        pendingEnter.current = null;
        setInput(value);
      }}
      onChange={(_event, option) => {
        if (option) select(option[0]);
      }}
      onKeyDown={handleKeyDown}
      filterOptions={(x) => x}
      getOptionLabel={suggestionLabel}
      isOptionEqualToValue={(a, b) => a[0] === b[0]}
      forcePopupIcon={false}
      loading={!settled && options.length === 0}
      loadingText="Searching…"
      noOptionsText="No result found"
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {/* One inline wrapper: options are flex containers, which would drop the spaces around "-". */}
          <span>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {option[0]}
            </Box>
            {' - '}
            {option[1]}
          </span>
          <OptionsPageShortcuts ticker={option[0]} onOpen={() => setOpen(false)} />
          <WatchlistStar ticker={option[0]} decorative />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Enter name or ticker"
          autoFocus={autoFocus}
          inputRef={boxInput}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
            input: {
              ...params.slotProps.input,
              startAdornment,
              endAdornment: spinner(params.slotProps.input.endAdornment),
            },
          }}
        />
      )}
    />
  );
}
