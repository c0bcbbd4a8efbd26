import { EmailForm } from './components/email-form.tsx';
import { LoginForm } from './components/login-form.tsx';
import { SignupForm } from './components/signup-form.tsx';
import { UpdatePasswordForm } from './components/update-password-form.tsx';
import type { AccountForm } from '../../lib/forms-store.ts';

/** The forms themselves, in a chunk loaded the first time one opens. */
export function AccountFormSwitch({ open }: { open: AccountForm }) {
  switch (open) {
    case 'signup':
      return <SignupForm />;
    case 'login':
      return <LoginForm />;
    case 'resend':
      return <EmailForm key="resend" kind="resend" />;
    case 'reset':
      return <EmailForm key="reset" kind="reset" />;
    case 'update':
      return <UpdatePasswordForm />;
  }
}
