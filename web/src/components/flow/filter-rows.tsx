import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CloseIcon from '@mui/icons-material/Close';
import { FLOW_FIELDS, FLOW_SELECTORS } from '@tapewatch/shared/flow/filter-fields';
import type { FilterEntry } from './filter-entries.ts';

export interface FilterRowsProps {
  filters: readonly FilterEntry[];
  onChange: (next: FilterEntry[]) => void;
}

const FIELD_LABEL: Record<string, string> = { Score: 'Score (0 to 1)', Premium: 'Premium ($K)' };
const VALUE_HINT: Record<string, string> = {
  Time: 'HH:MM',
  'Call/Put': 'Call or Put',
  Fill: 'e.g. Ask',
  Type: 'Sweep, Block',
  Sentiment: 'Bullish...',
  Spread: 'Yes or No',
};

/** The filter rows of the panel (filter-panel.tsx): field, selector and a value (or ticker tags). */
export default function FilterRows({ filters, onChange }: FilterRowsProps) {
  const update = (id: number, patch: Partial<FilterEntry>) =>
    onChange(filters.map((f) => (f.id === id ? { ...f, ...patch } : f)));
  return (
    <>
      {filters.map((f, i) => (
        <Box
          key={f.id}
          data-testid="flow-filter"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <TextField
            select
            size="small"
            label="Field"
            sx={{ width: 150 }}
            value={f.filter}
            onChange={(e) => update(f.id, { filter: e.target.value })}
            slotProps={{ htmlInput: { 'aria-label': `Filter ${i + 1} field` } }}
          >
            {FLOW_FIELDS.map((name) => (
              <MenuItem key={name} value={name}>
                {FIELD_LABEL[name] ?? name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Selector"
            sx={{ width: 170 }}
            value={f.selector}
            onChange={(e) => update(f.id, { selector: e.target.value })}
            slotProps={{ htmlInput: { 'aria-label': `Filter ${i + 1} selector` } }}
          >
            {FLOW_SELECTORS.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          {f.filter === 'Ticker' ? (
            <Autocomplete
              multiple
              freeSolo
              size="small"
              sx={{ minWidth: 200 }}
              options={[]}
              value={f.tickers}
              onChange={(_, v) =>
                update(f.id, { tickers: v.map((t) => t.trim().toUpperCase()).filter((t) => t !== '') })
              }
              renderValue={(value, getItemProps) =>
                value.map((t, index) => <Chip size="small" label={t} {...getItemProps({ index })} key={t} />)
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Tickers"
                  placeholder="Type and press Enter"
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `Filter ${i + 1} tickers` },
                  }}
                />
              )}
            />
          ) : (
            <TextField
              size="small"
              label="Value"
              sx={{ width: 130 }}
              placeholder={VALUE_HINT[f.filter] ?? ''}
              value={f.value}
              onChange={(e) => update(f.id, { value: e.target.value })}
              slotProps={{ htmlInput: { 'aria-label': `Filter ${i + 1} value` } }}
            />
          )}
          <IconButton
            size="small"
            aria-label={`Remove filter ${i + 1}`}
            onClick={() => onChange(filters.filter((x) => x.id !== f.id))}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </>
  );
}
