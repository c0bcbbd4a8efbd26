import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { closeForms } from '../../../lib/forms-store.ts';

interface AccountDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
  /** Switching links under the submit button. */
  footer?: ReactNode;
}

/** The frame of every account form: a close button, Escape closes, one submit. */
export function AccountDialog({ title, submitLabel, busy, onSubmit, children, footer }: AccountDialogProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open
      // Escape and the close button close the form; a stray click outside must not lose what was typed.
      onClose={(_e, reason) => reason !== 'backdropClick' && closeForms()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="account-form-title"
      // Phones: use the width instead of MUI's 32 px side margins.
      slotProps={{
        paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' } } },
      }}
    >
      <DialogTitle id="account-form-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={closeForms} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {/* noValidate: the spec's own checks run in its order and show its alerts. */}
        <Box component="form" noValidate onSubmit={submit} aria-label={title} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {children}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {submitLabel}
          </Button>
          {footer && (
            <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'center', typography: 'body2' }}>{footer}</Box>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
