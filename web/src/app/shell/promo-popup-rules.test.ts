import { describe, expect, it } from 'vitest';
import { shouldShowPromo, showMoreInfo } from './promo-popup-rules.ts';

describe('promo popup rules (spec part 1 section 4)', () => {
  it('shows only for empty, free or Free subscriptions', () => {
    const show = (subscription: string | null) => shouldShowPromo({ subscription, openForm: null, closed: false });
    expect(['', 'free', 'Free', 'basic', 'Basic', null].map(show)).toEqual([true, true, true, false, false, false]);
  });

  it('hides while the login or sign-up form shows, not for the other forms', () => {
    const show = (openForm: string | null) => shouldShowPromo({ subscription: '', openForm, closed: false });
    expect(['login', 'signup', 'reset', 'resend', 'update', null].map(show)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('stays hidden once closed', () =>
    expect(shouldShowPromo({ subscription: '', openForm: null, closed: true })).toBe(false));

  it('hides More Info on the root path only', () => {
    expect([showMoreInfo('/'), showMoreInfo('/clusters'), showMoreInfo('/landing')]).toEqual([false, true, true]);
  });
});
