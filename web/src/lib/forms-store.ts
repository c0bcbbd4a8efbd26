import { useSyncExternalStore } from 'react';
import type { Plan } from '@tapewatch/shared/schemas/accounts';

export type { Plan };

export type AccountForm = 'signup' | 'login' | 'resend' | 'reset' | 'update';

export interface FormsState {
  /** The one open form (spec part 2 section 2.18: only one at a time), or null. */
  open: AccountForm | null;
  plan: Plan;
  /** The update token from a password-reset confirmation, sent with Update Password. */
  updateToken: string;
}

const INITIAL: FormsState = Object.freeze({ open: null, plan: 'free', updateToken: '' });
let state: FormsState = INITIAL;
const listeners = new Set<() => void>();

function setState(next: FormsState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getFormsState(): FormsState {
  return state;
}

export function subscribeForms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccountForms(): FormsState {
  return useSyncExternalStore(subscribeForms, getFormsState, getFormsState);
}

/** Opening a form closes whichever was open (they are mutually switchable). */
export function openForm(form: AccountForm, options: { plan?: Plan; updateToken?: string } = {}): void {
  setState({
    open: form,
    plan: options.plan ?? state.plan,
    updateToken: options.updateToken ?? (form === 'update' ? state.updateToken : ''),
  });
}

export function closeForms(): void {
  if (state.open !== null) setState({ ...state, open: null });
}

/** Closes the open form only if it is one of `forms`. */
export function closeFormsIn(forms: readonly AccountForm[]): void {
  if (state.open !== null && forms.includes(state.open)) setState({ ...state, open: null });
}

/** Test helper and logout reset. */
export function resetForms(): void {
  setState(INITIAL);
}
