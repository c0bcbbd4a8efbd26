import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { FilterPanel } from '../../../components/flow/filter-panel.tsx';
import { filterProblem, filtersForServer, type FilterEntry } from '../../../components/flow/filter-entries.ts';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useWatchlists } from '../../../components/watchlist/watchlist-api.ts';
import { useBacktest, type AlertRuleDraft } from '../api/alerts-api.ts';
import { BacktestResult } from './backtest-result.tsx';

export interface RuleEditorProps {
  title: string;
  initial: { name: string; filters: FilterEntry[]; watchlistId: string | null };
  saving: boolean;
  onSave: (rule: AlertRuleDraft) => void;
  onCancel: () => void;
}

/** Name, the Options Flow filters and an optional watchlist; the backtest runs on the rule as edited. */
export function RuleEditor({ title, initial, saving, onSave, onCancel }: RuleEditorProps) {
  const [name, setName] = useState(initial.name);
  const [filters, setFilters] = useState<FilterEntry[]>(initial.filters);
  const [watchlistId, setWatchlistId] = useState<string>(initial.watchlistId ?? '');
  const { lists } = useWatchlists();
  const backtest = useBacktest();
  const problem = filterProblem(filters);
  const draft = (): AlertRuleDraft => ({
    name: name.trim(),
    filters: filtersForServer(filters) as AlertRuleDraft['filters'],
    watchlist_id: watchlistId || null,
  });
  const ready = name.trim() !== '' && problem === null;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="rule-editor">
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Alert name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.nameLength, 'data-testid': 'rule-name' } }}
          sx={{ minWidth: 240, flex: 1 }}
          required
        />
        <TextField
          select
          label="Only tickers of a watchlist"
          value={watchlistId}
          onChange={(e) => setWatchlistId(e.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Any ticker</MenuItem>
          {lists.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name} ({l.tickers.length})
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {/* The panel's rows are laid out for wide screens: on a phone they scroll sideways in their box. */}
      <Box sx={{ overflowX: 'auto' }}>
        <FilterPanel filters={filters} onChange={setFilters} />
      </Box>
      {problem && <Alert severity="warning">{problem}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={problem !== null || backtest.isPending}
          onClick={() => backtest.mutate({ ...draft(), name: draft().name || 'Backtest' })}
          data-testid="run-backtest"
        >
          Backtest over the stored flow
        </Button>
        <Button variant="contained" disabled={!ready || saving} onClick={() => onSave(draft())} data-testid="save-rule">
          Save alert
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Box>
      {backtest.data && backtest.data.days > 0 && (
        <Typography
          data-testid="rule-fires-per-day"
          color={backtest.data.noisy ? 'warning.main' : 'text.secondary'}
          variant="body2"
        >
          Over the stored flow this alert would have fired {backtest.data.fires_per_day.toFixed(1)} times a day on
          average{backtest.data.noisy ? `: more than ${backtest.data.noise_per_day} a day is noise.` : '.'}
        </Typography>
      )}
      <Box sx={{ position: 'relative', minHeight: backtest.isPending ? 120 : 0 }}>
        <LoadingOverlay open={backtest.isPending} />
        {backtest.data && <BacktestResult bt={backtest.data} />}
      </Box>
    </Paper>
  );
}
