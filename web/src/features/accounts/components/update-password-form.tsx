import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { showAlert } from '../../../lib/alert-store.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { useAccountForms } from '../../../lib/forms-store.ts';
import { submitForm } from '../submit-form.ts';
import { ACCOUNT_LIMITS, PASSWORD_HINT, updatePasswordProblem } from '@tapewatch/shared/schemas/accounts';
import { AccountDialog } from './account-dialog.tsx';
import { SwitchLink } from './switch-link.tsx';

export function UpdatePasswordForm() {
  const { updateToken } = useAccountForms();
  const [password, setPassword] = useState('');
  const [password_confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = updatePasswordProblem({ password, password_confirmation });
    // As the spec records, the request is still sent after the alert.
    if (problem) showAlert({ message: problem });
    setBusy(true);
    await submitForm(() => apiPost('update_password', { password, password_confirmation, token: updateToken }));
    setBusy(false);
  };

  const max = { htmlInput: { maxLength: ACCOUNT_LIMITS.passwordMax } };
  return (
    <AccountDialog
      title="Update Password"
      submitLabel="Update Password"
      busy={busy}
      onSubmit={() => void submit()}
      footer={
        <>
          <span>Link expired?</span>
          <SwitchLink to="reset">Resend link</SwitchLink>
        </>
      }
    >
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        helperText={PASSWORD_HINT}
        slotProps={max}
      />
      <TextField
        label="Confirm password"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        value={password_confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        slotProps={max}
      />
    </AccountDialog>
  );
}
