import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { showAlert } from '../../../lib/alert-store.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { submitForm } from '../submit-form.ts';
import { emailProblem } from '@tapewatch/shared/schemas/accounts';
import { AccountDialog } from './account-dialog.tsx';
import { SwitchLink } from './switch-link.tsx';

/** Resend Confirmation Email and Reset Password: one email field each. */
export function EmailForm({ kind }: { kind: 'resend' | 'reset' }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = emailProblem(email);
    // The spec records that the request is still sent after this alert (the server answers it too).
    if (problem) showAlert({ message: problem });
    setBusy(true);
    await submitForm(() => apiPost(kind === 'resend' ? 'resend_confirmation' : 'reset_password', { email }));
    setBusy(false);
  };

  return (
    <AccountDialog
      title={kind === 'resend' ? 'Resend Confirmation Email' : 'Reset Password'}
      submitLabel={kind === 'resend' ? 'Resend' : 'Reset Password'}
      busy={busy}
      onSubmit={() => void submit()}
      footer={<SwitchLink to="login">Back to Login</SwitchLink>}
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value.trim())}
      />
    </AccountDialog>
  );
}
