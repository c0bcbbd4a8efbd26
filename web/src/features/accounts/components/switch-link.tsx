import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { openForm, type AccountForm } from '../../../lib/forms-store.ts';

/** A link that switches to another account form. */
export function SwitchLink({ to, children }: { to: AccountForm; children: ReactNode }) {
  return (
    <Link component="button" type="button" variant="body2" onClick={() => openForm(to)}>
      {children}
    </Link>
  );
}
