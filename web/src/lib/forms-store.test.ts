import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '@tapewatch/shared/schemas/accounts';
import { formsClosedBy } from '../features/accounts/closing-alerts.ts';
import { closeForms, closeFormsIn, getFormsState, openForm, resetForms } from './forms-store.ts';

describe('account forms store', () => {
  afterEach(resetForms);

  it('keeps one form open at a time; switching replaces it', () => {
    openForm('login');
    openForm('reset');
    expect(getFormsState().open).toBe('reset');
    closeForms();
    expect(getFormsState().open).toBeNull();
  });

  it('keeps the chosen plan and the update token for the forms that need them', () => {
    openForm('signup', { plan: 'basic' });
    expect(getFormsState().plan).toBe('basic');
    expect(PLAN_LABELS[getFormsState().plan]).toBe('Basic plan $39 / month');
    expect(PLAN_LABELS.free).toBe('Free plan');
    openForm('update', { updateToken: 'tok-1' });
    expect(getFormsState()).toMatchObject({ open: 'update', updateToken: 'tok-1' });
    openForm('reset');
    expect(getFormsState().updateToken).toBe('');
  });

  it('maps the alerts that close forms (spec part 2 section 4)', () => {
    expect(formsClosedBy('You have successfully logged in.')).toEqual(['login']);
    expect(formsClosedBy('We have sent you a confirmation email to activate your account.').sort()).toEqual([
      'login',
      'resend',
    ]);
    expect(formsClosedBy('We have sent you an email to reset your password.')).toEqual(['reset']);
    expect(formsClosedBy('Your password was successfully updated.')).toEqual(['update']);
    expect(
      formsClosedBy(
        'You have successfully registered. We have sent you a confirmation email to activate your account. You will now be redirected to Stripe for checkout.',
      ),
    ).toContain('signup');
    expect(formsClosedBy('Please enter an email')).toEqual([]);
  });

  it('closeFormsIn closes only the listed forms', () => {
    openForm('update');
    closeFormsIn(['login', 'resend']);
    expect(getFormsState().open).toBe('update');
    closeFormsIn(formsClosedBy('Your password was successfully updated.'));
    expect(getFormsState().open).toBeNull();
  });
});
