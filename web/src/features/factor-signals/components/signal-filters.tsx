import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { FILTER_GROUPS, hasActiveFilters, type FilterKey, type SignalFilters } from '../utils/filters.ts';

interface SignalFiltersProps {
  value: SignalFilters;
  onChange: (next: SignalFilters) => void;
  onClear: () => void;
}

/** The six multi-checkbox filters (spec part 2 section 2.15) and Clear. */
export function SignalFiltersPanel({ value, onChange, onClear }: SignalFiltersProps) {
  const set = (key: FilterKey, selected: string[]) => onChange({ ...value, [key]: selected });
  return (
    <Box
      role="group"
      aria-label="Signal filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      {FILTER_GROUPS.map((g) => {
        const labels = new Map(g.options.map((o) => [o.value, o.label]));
        const id = `signal-filter-${g.key}`;
        return (
          <FormControl key={g.key} size="small" sx={{ minWidth: 0 }}>
            <InputLabel id={`${id}-label`}>{g.label}</InputLabel>
            <Select<string[]>
              multiple
              labelId={`${id}-label`}
              id={id}
              value={value[g.key]}
              onChange={(e) =>
                set(g.key, typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)
              }
              input={<OutlinedInput label={g.label} />}
              renderValue={(sel) => sel.map((v) => labels.get(v) ?? v).join(', ')}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
              data-testid={id}
            >
              {g.options.map((o) => (
                <MenuItem key={o.value} value={o.value} dense>
                  <Checkbox size="small" checked={value[g.key].includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={o.label} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      })}
      <Button
        variant="outlined"
        onClick={onClear}
        disabled={!hasActiveFilters(value)}
        sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
      >
        Clear
      </Button>
    </Box>
  );
}
