import { useEffect, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { getAlertState, onAlertEvent, showAlert } from '../../../lib/alert-store.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { completeLogin } from '../../../lib/session.ts';
import { closeFormsIn, openForm } from '../../../lib/forms-store.ts';
import { submitForm } from '../submit-form.ts';
import { ACCOUNT_LIMITS, loginProblem, RESEND_CONFIRMATION_ACTION } from '@tapewatch/shared/schemas/accounts';
import { AccountDialog } from './account-dialog.tsx';
import { SwitchLink } from './switch-link.tsx';

export function LoginForm() {
  const client = useQueryClient();
  const [username_or_email, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      onAlertEvent((event) => {
        // The login alert of an unconfirmed account carries the action "Resend confirmation".
        if (event.type === 'action' && getAlertState().actionText === RESEND_CONFIRMATION_ACTION) openForm('resend');
      }),
    [],
  );

  const submit = async () => {
    const problem = loginProblem({ username_or_email, password });
    if (problem) return showAlert({ message: problem });
    setBusy(true);
    const body = await submitForm(() => apiPost('submit_login', { username_or_email, password, remember }));
    setBusy(false);
    if (body && 'token' in body && (await completeLogin(client, body, remember))) closeFormsIn(['login']);
  };

  return (
    <AccountDialog
      title="Login"
      submitLabel="Login"
      busy={busy}
      onSubmit={() => void submit()}
      footer={
        <>
          <SwitchLink to="reset">Forgot password?</SwitchLink>
          <SwitchLink to="resend">Resend confirmation email</SwitchLink>
          <SwitchLink to="signup">No account yet? Sign Up</SwitchLink>
        </>
      }
    >
      <TextField
        label="Email or username"
        name="username_or_email"
        autoComplete="username"
        autoFocus
        value={username_or_email}
        onChange={(e) => setIdentifier(e.target.value.trim())}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.passwordMax } }}
      />
      <FormControlLabel
        control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
        label="Remember me"
      />
    </AccountDialog>
  );
}
