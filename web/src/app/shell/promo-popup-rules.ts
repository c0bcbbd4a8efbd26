import { isFreeSubscription } from '../../lib/session.ts';

export const PROMO_CLOSED_KEY = 'tapewatch_promo_closed';

export interface PromoInputs {
  /** Null while the user info is unknown (the popup waits for it). */
  subscription: string | null;
  openForm: string | null;
  closed: boolean;
}

/** Spec part 1 section 4: only for empty, free or Free subscriptions, never while login or sign-up shows. */
export function shouldShowPromo({ subscription, openForm, closed }: PromoInputs): boolean {
  if (closed || subscription === null) return false;
  if (openForm === 'login' || openForm === 'signup') return false;
  return isFreeSubscription(subscription);
}

/** More Info is hidden on the root path. */
export function showMoreInfo(pathname: string): boolean {
  return pathname !== '/';
}

export function readPromoClosed(): boolean {
  try {
    return window.sessionStorage.getItem(PROMO_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberPromoClosed(): void {
  try {
    window.sessionStorage.setItem(PROMO_CLOSED_KEY, '1');
  } catch {
    // Blocked storage: closed for this page view only.
  }
}
