import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { getAlertState } from '../../lib/alert-store.ts';
import { getFormsState } from '../../lib/forms-store.ts';
import { accountApi, setupAccountTests, alert, demoInfo } from './test/account-api-mock.ts';

setupAccountTests();

describe('confirmation routes', () => {
  it('/confirm/:token sends the token once, shows the answer and lands on the Clusters screen', async () => {
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_token_confirmation': [200, alert('Your account has been confirmed. You can now log in.')],
    });
    const { location } = renderApp('/confirm/tok-123');
    await waitFor(() => expect(getAlertState().message).toBe('Your account has been confirmed. You can now log in.'));
    expect(api.to('/api/get_token_confirmation').map((c) => [c.method, c.body])).toEqual([
      ['POST', { token: 'tok-123' }],
    ]);
    await waitFor(() => expect(location.pathname).toBe('/clusters'));
  });

  it('an unknown token shows the server alert of the 400', async () => {
    accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_token_confirmation': [400, alert('This confirmation link is invalid or has expired.')],
    });
    renderApp('/confirm/tok-bad');
    await waitFor(() => expect(getAlertState().message).toBe('This confirmation link is invalid or has expired.'));
  });

  it('/confirmpassword/:password_token opens Update Password with the update token, which the update sends', async () => {
    const user = userEvent.setup();
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_password_token_confirmation': [200, { show_update_password: true, update_token: 'upd-9' }],
      '/api/update_password': [200, alert('Your password was successfully updated.')],
    });
    renderApp('/confirmpassword/pw-456');
    const form = await screen.findByRole('form', { name: 'Update Password' });
    expect(api.to('/api/get_password_token_confirmation')[0]?.body).toEqual({ token: 'pw-456' });
    await user.type(within(form).getByLabelText('New password'), 'Quiet-Harbor-Moss-3');
    await user.type(within(form).getByLabelText('Confirm password'), 'Quiet-Harbor-Moss-');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    // Client alert first; the request is still sent (spec), and its success alert closes the form.
    await waitFor(() =>
      expect(api.to('/api/update_password')[0]?.body).toEqual({
        password: 'Quiet-Harbor-Moss-3',
        password_confirmation: 'Quiet-Harbor-Moss-',
        token: 'upd-9',
      }),
    );
    await waitFor(() => expect(getFormsState().open).toBeNull());
    expect(getAlertState().message).toBe('Your password was successfully updated.');
  });

  it('"Resend link" in Update Password opens Reset Password', async () => {
    const user = userEvent.setup();
    accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_password_token_confirmation': [200, { show_update_password: true, update_token: 'u' }],
    });
    renderApp('/confirmpassword/pw-789');
    const form = await screen.findByRole('form', { name: 'Update Password' });
    await user.click(within(form).getByRole('button', { name: 'Resend link' }));
    await screen.findByRole('form', { name: 'Reset Password' });
  });
});
