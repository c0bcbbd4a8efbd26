import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { emptyFilter, filterProblem, type FilterEntry } from './filter-entries.ts';

// The rows' inputs (select fields, the ticker tags' Autocomplete: ~30 kB gzip) are not needed to
// paint a panel that starts empty: they load with the first row, or as soon as Add filter is pointed at.
const loadRows = () => import('./filter-rows.tsx');
const FilterRows = lazy(loadRows);

interface FilterPanelProps {
  filters: readonly FilterEntry[];
  onChange: (next: FilterEntry[]) => void;
}

/** The filter entries of spec part 2 section 2.5.1: field, selector and a value (or ticker tags). */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const nextId = filters.reduce((m, f) => Math.max(m, f.id), 0) + 1;
  const problem = filterProblem(filters);
  return (
    <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Filters
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {filters.length > 0 && (
          <Suspense fallback={null}>
            <FilterRows filters={filters} onChange={onChange} />
          </Suspense>
        )}
        {problem && (
          <Typography variant="caption" color="error" role="status">
            {problem}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            onPointerEnter={() => void loadRows()}
            onFocus={() => void loadRows()}
            onClick={() => onChange([...filters, emptyFilter(nextId)])}
          >
            Add filter
          </Button>
          <Button size="small" disabled={filters.length === 0} onClick={() => onChange([])}>
            Clear
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
