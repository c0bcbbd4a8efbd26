import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../../lib/alert-store.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { startCheckout } from '../../../lib/session-redirect.ts';
import { closeForms, useAccountForms } from '../../../lib/forms-store.ts';
import { submitForm } from '../submit-form.ts';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  PASSWORD_HINT,
  PLAN_LABELS,
  signupProblem,
} from '@tapewatch/shared/schemas/accounts';
import { AccountDialog } from './account-dialog.tsx';
import { SwitchLink } from './switch-link.tsx';

export function SignupForm() {
  const { plan } = useAccountForms();
  const [fields, setFields] = useState({ username: '', email: '', password: '', password_confirmation: '' });
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async () => {
    const problem = signupProblem({ ...fields, terms_accepted: terms });
    if (problem) return showAlert({ message: problem });
    setBusy(true);
    // The success alert closes the form (submitForm); a Basic sign-up then goes on to the hosted checkout.
    const body = await submitForm(() => apiPost('submit_signup', { ...fields, selected_subscription: plan }));
    setBusy(false);
    if (
      body &&
      'checkout_ticket' in body &&
      body.checkout_ticket &&
      body.alert_message.includes(ACCOUNT_MESSAGES.signupCheckout)
    ) {
      await startCheckout({ email: fields.email, checkout_ticket: body.checkout_ticket });
    }
  };

  const pw = { htmlInput: { maxLength: ACCOUNT_LIMITS.passwordMax } };
  return (
    <AccountDialog
      title="Sign Up"
      submitLabel="Sign Up"
      busy={busy}
      onSubmit={() => void submit()}
      footer={
        <>
          <SwitchLink to="login">Already have an account? Login</SwitchLink>
          <Link component={RouterLink} to="/subscriptioncards" onClick={closeForms} variant="body2">
            Change plan
          </Link>
        </>
      }
    >
      <Chip
        label={PLAN_LABELS[plan]}
        color={plan === 'basic' ? 'primary' : 'default'}
        sx={{ justifySelf: 'start' }}
        data-testid="signup-plan"
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoFocus
        helperText="5-20 letters, digits or underscores"
        slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.usernameMax } }}
        {...field('username')}
      />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        helperText={PASSWORD_HINT}
        slotProps={pw}
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        slotProps={pw}
        {...field('password_confirmation')}
      />
      <FormControlLabel
        control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
        label={
          <>
            I accept the{' '}
            <Link component={RouterLink} to="/terms" target="_blank">
              Terms and Conditions
            </Link>
          </>
        }
      />
    </AccountDialog>
  );
}
