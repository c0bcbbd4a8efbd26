import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Watchlist } from '../../../components/watchlist/watchlist-api.ts';

export interface ListBarProps {
  lists: readonly Watchlist[];
  current: Watchlist;
  maxNamed: number;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onRename: () => void;
  onDelete: () => void;
  onMove: (by: -1 | 1) => void;
}

/** Which list, and the list-level actions: new, rename, delete, move left/right in the order. */
export function ListBar({ lists, current, maxNamed, onSelect, onCreate, onRename, onDelete, onMove }: ListBarProps) {
  const at = lists.findIndex((l) => l.id === current.id);
  const named = lists.filter((l) => l.id !== 'default').length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <TextField
        select
        size="small"
        label="List"
        value={current.id}
        onChange={(e) => onSelect(e.target.value)}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'list-select' } }}
      >
        {lists.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name} ({l.tickers.length})
          </MenuItem>
        ))}
      </TextField>
      <IconButton size="small" aria-label="Move list left" disabled={at <= 0} onClick={() => onMove(-1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Move list right"
        disabled={at < 0 || at >= lists.length - 1}
        onClick={() => onMove(1)}
      >
        <ChevronRightIcon />
      </IconButton>
      <Button
        size="small"
        variant="outlined"
        onClick={onCreate}
        disabled={named >= maxNamed}
        title={named >= maxNamed ? `At most ${maxNamed} lists besides Watchlist` : undefined}
      >
        New list
      </Button>
      <Button size="small" onClick={onRename}>
        Rename
      </Button>
      <Button size="small" color="error" onClick={onDelete} disabled={current.id === 'default'}>
        Delete
      </Button>
    </Box>
  );
}
