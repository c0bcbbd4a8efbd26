import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { WATCHLIST_LIMITS } from '@tapewatch/shared/watchlists/limits';

export interface NameDialogProps {
  title: string;
  initial: string;
  confirmText: string;
  onClose: () => void;
  onConfirm: (name: string) => void;
  /** A yes/no question instead of a name (delete). */
  question?: string;
}

export function NameDialog({ title, initial, confirmText, onClose, onConfirm, question }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const valid = question !== undefined || name.trim().length > 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onConfirm(name.trim());
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {question ?? (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: WATCHLIST_LIMITS.nameLength, 'aria-label': 'List name' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!valid} color={question ? 'error' : 'primary'}>
            {confirmText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
