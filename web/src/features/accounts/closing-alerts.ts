import { ACCOUNT_MESSAGES as M } from '@tapewatch/shared/schemas/accounts';
import type { AccountForm } from '../../lib/forms-store.ts';

/** Spec part 2 section 4, "Alerts that close forms": message text -> forms it closes. */
export const CLOSING_ALERTS: ReadonlyArray<{ text: string; closes: readonly AccountForm[] }> = [
  { text: M.loginSuccess, closes: ['login'] },
  { text: M.signupSuccess, closes: ['signup'] },
  { text: M.confirmationSent, closes: ['resend', 'login'] },
  { text: M.resetSent, closes: ['reset'] },
  { text: M.passwordUpdated, closes: ['update'] },
];

/** The forms an alert closes; a message may carry several texts (sign-up success plus checkout). */
export function formsClosedBy(message: string): AccountForm[] {
  const closed = new Set<AccountForm>();
  for (const rule of CLOSING_ALERTS) if (message.includes(rule.text)) for (const f of rule.closes) closed.add(f);
  return [...closed];
}
