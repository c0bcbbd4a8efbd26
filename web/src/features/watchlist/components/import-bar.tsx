import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type ChangeEvent } from 'react';
import { parseTickerCsv, parseTickerText } from '@tapewatch/shared/watchlists/limits';

export interface ImportBarProps {
  onAdd: (tickers: string[]) => Promise<boolean>;
  onExport: () => void;
  busy: boolean;
  canExport: boolean;
}

/** Add by pasting (comma, space or line separated) or from a CSV file's first column; export as CSV. */
export function ImportBar({ onAdd, onExport, busy, canExport }: ImportBarProps) {
  const [text, setText] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const add = async () => {
    const tickers = parseTickerText(text);
    if (tickers.length > 0 && (await onAdd(tickers))) setText('');
  };
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    const tickers = parseTickerCsv(await chosen.text());
    if (tickers.length > 0) await onAdd(tickers);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <TextField
        size="small"
        label="Add tickers"
        placeholder="AAPL, MSFT NVDA"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void add();
        }}
        sx={{ flex: '1 1 220px', maxWidth: 420 }}
        slotProps={{ htmlInput: { 'aria-label': 'Add tickers' } }}
      />
      <Button variant="contained" disableElevation onClick={() => void add()} disabled={busy || text.trim() === ''}>
        Add
      </Button>
      <Button variant="outlined" onClick={() => file.current?.click()} disabled={busy}>
        Import CSV
      </Button>
      <input
        ref={file}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        onChange={(e) => void upload(e)}
        data-testid="import-csv"
      />
      <Button onClick={onExport} disabled={!canExport}>
        Export CSV
      </Button>
    </Box>
  );
}
