import { lazy, Suspense } from 'react';
import { useAccountForms } from '../../lib/forms-store.ts';

const AccountFormSwitch = lazy(() =>
  import('./account-form-switch.tsx').then((m) => ({ default: m.AccountFormSwitch })),
);

/** Hosts the one open account form; mounted once by the shell, the forms load on first use. */
export function AccountForms() {
  const { open } = useAccountForms();

  if (open === null) return null;
  return (
    <Suspense fallback={null}>
      <AccountFormSwitch open={open} />
    </Suspense>
  );
}
