import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { dismissAlert, getAlertState } from '../../lib/alert-store.ts';
import { readRefreshToken, readToken, TOKEN_STORAGE_KEY } from '../../lib/session-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { browserLocation } from '../../lib/session-redirect.ts';
import { getFormsState } from '../../lib/forms-store.ts';
import { accountApi, setupAccountTests, alert, demoInfo } from './test/account-api-mock.ts';
import { ACCOUNT_MESSAGES } from '@tapewatch/shared/schemas/accounts';

setupAccountTests();

const banner = () => screen.findByRole('banner');
const form = (name: string) => screen.findByRole('form', { name });
// Role queries wait: while an alert or menu is open MUI hides the rest from the accessibility tree.
const press = async (user: ReturnType<typeof userEvent.setup>, container: HTMLElement, name: string) =>
  user.click(await within(container).findByRole('button', { name }));
async function openLoginAndSubmit(user: ReturnType<typeof userEvent.setup>, identifier: string, password: string) {
  await user.click(await within(await banner()).findByRole('button', { name: 'Login' }));
  const login = await form('Login');
  await user.type(within(login).getByLabelText('Email or username'), identifier);
  await user.type(within(login).getByLabelText('Password'), password);
  await press(user, login, 'Login');
}
const alertText = () => screen.findByText((_t, el) => el?.id === 'alert-dialog-message');

describe('account forms and navbar', () => {
  it('logged out: Sign Up goes to the plans, Login opens the form; links switch forms; Escape closes', async () => {
    const user = userEvent.setup();
    accountApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/nowhere');
    const signUp = await within(await banner()).findByRole('link', { name: 'Sign Up' });
    expect(signUp.getAttribute('href')).toBe('/subscriptioncards');
    await user.click(within(await banner()).getByRole('button', { name: 'Login' }));
    await form('Login');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await form('Reset Password');
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(getFormsState().open).toBeNull());
    await user.click(within(await banner()).getByRole('button', { name: 'Login' }));
    await form('Login');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(getFormsState().open).toBeNull());
  });

  it('login validates in order, stores a remembered token, shows the user menu; logout clears it even when the call fails', async () => {
    const user = userEvent.setup();
    const token = fakeJwt(3600);
    let loggedIn = false;
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/submit_login': () => {
        loggedIn = true;
        return [200, alert('You have successfully logged in.', { token, refresh_token: 'refresh-1' })];
      },
      '/api/get_user_info': () => [
        200,
        loggedIn
          ? { username: 'trader_1', email: 'a@example.com', subscription: 'free' }
          : { username: '', email: '', subscription: '' },
      ],
      '/api/submit_logout': [500, 'boom'],
    });
    renderApp('/nowhere');
    await user.click(await within(await banner()).findByRole('button', { name: 'Login' }));
    const login = await form('Login');
    await user.type(within(login).getByLabelText('Email or username'), 'abcd');
    await press(user, login, 'Login');
    expect((await alertText()).textContent).toBe('Please enter an email or a username');
    expect(api.to('/api/submit_login')).toHaveLength(0);
    act(() => dismissAlert('close'));
    await user.type(within(login).getByLabelText('Email or username'), 'e');
    await user.type(within(login).getByLabelText('Password'), 'short');
    await press(user, login, 'Login');
    await waitFor(() => expect(getAlertState().message).toBe('Please enter your password'));
    act(() => dismissAlert('close'));
    await user.type(within(login).getByLabelText('Password'), '123');
    await user.click(within(login).getByLabelText('Remember me'));
    await press(user, login, 'Login');

    await waitFor(() => expect(getAlertState().message).toBe('You have successfully logged in.'));
    expect(api.to('/api/submit_login')[0]?.body).toEqual({
      username_or_email: 'abcde',
      password: 'short123',
      remember: true,
    });
    await waitFor(() => expect(readToken()).toBe(token));
    expect([window.localStorage.getItem(TOKEN_STORAGE_KEY), readRefreshToken()]).toEqual([token, 'refresh-1']);
    await waitFor(() => expect(getFormsState().open).toBeNull());
    act(() => dismissAlert('close'));

    const menuButton = await within(await banner()).findByRole('button', { name: /Account menu$/ });
    expect(menuButton.textContent).toBe('trader_1');
    expect(
      within(await banner())
        .getByRole('link', { name: 'Subscribe' })
        .getAttribute('href'),
    ).toBe('/subscriptioncards');
    expect(api.to('/api/get_user_info').at(-1)?.auth).toBe(`Bearer ${token}`);
    await user.click(menuButton);
    expect((await screen.findByRole('menuitem', { name: 'Profile' })).getAttribute('href')).toBe('/profile');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await within(await banner()).findByRole('button', { name: 'Login' });
    expect(api.to('/api/submit_logout')[0]?.auth).toBe(`Bearer ${token}`);
    expect([readToken(), readRefreshToken()]).toEqual([null, null]);
  });

  it('without Remember me the token lives in sessionStorage', async () => {
    const user = userEvent.setup();
    const token = fakeJwt(3600);
    accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/submit_login': [200, alert('You have successfully logged in.', { token, refresh_token: 'refresh-1' })],
      '/api/get_user_info': [200, { username: 'trader_1', email: 'a@example.com', subscription: 'basic' }],
    });
    renderApp('/nowhere');
    await openLoginAndSubmit(user, 'trader_1', 'Kettle-Orbit-Plum-7');
    await waitFor(() => expect(getAlertState().message).toBe('You have successfully logged in.'));
    act(() => dismissAlert('close'));
    await within(await banner()).findByRole('button', { name: /Account menu$/ });
    expect([
      window.sessionStorage.getItem(TOKEN_STORAGE_KEY),
      window.localStorage.getItem(TOKEN_STORAGE_KEY),
      readRefreshToken(),
    ]).toEqual([token, null, null]);
    // Basic subscribers get no Subscribe button.
    expect(within(await banner()).queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });

  it('the login alert action "Resend confirmation" opens the resend form; resend still sends a short email', async () => {
    const user = userEvent.setup();
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/submit_login': [
        403,
        alert('Please confirm your email address first.', { alert_action: 'Resend confirmation' }),
      ],
      '/api/resend_confirmation': [200, alert('We have sent you a confirmation email to activate your account.')],
    });
    renderApp('/nowhere');
    await openLoginAndSubmit(user, 'trader_1', 'Kettle-Orbit-Plum-7');
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation' }));
    const resend = await form('Resend Confirmation Email');
    await user.type(within(resend).getByLabelText('Email'), 'a@b.cd');
    await press(user, resend, 'Resend');
    // The client alert shows, and (as the spec records) the request is still sent; its answer closes the form.
    await waitFor(() => expect(api.to('/api/resend_confirmation')[0]?.body).toEqual({ email: 'a@b.cd' }));
    await waitFor(() => expect(getFormsState().open).toBeNull());
    expect(getAlertState().message).toBe('We have sent you a confirmation email to activate your account.');
  });

  it('sign-up from the plan cards: plan label, validation order, request body, success closes the form', async () => {
    const user = userEvent.setup();
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/submit_signup': [
        200,
        alert(
          'You have successfully registered. We have sent you a confirmation email to activate your account. You will now be redirected to Stripe for checkout.',
          {
            checkout_ticket: 'ticket-1',
          },
        ),
      ],
      '/api/checkoutsession': [200, { sessionId: 'cs_1', url: 'https://checkout.example/cs_1' }],
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderApp('/subscriptioncards');
    // The Basic card names everything the plan adds, alerts and the API included (issue 41).
    const basicCard = await screen.findByRole('region', { name: 'Basic plan' });
    expect(basicCard.textContent).toMatch(/Flow alerts: up to \d+ saved filters/);
    expect(basicCard.textContent).toMatch(/Options flow through the API, 300 requests a minute/);
    await user.click(await screen.findByRole('button', { name: 'Sign Up for Basic' }));
    const signup = await form('Sign Up');
    expect(within(signup).getByTestId('signup-plan').textContent).toBe('Basic plan $39 / month');
    const type = async (label: string, text: string) => user.type(within(signup).getByLabelText(label), text);
    await type('Username', 'trader_1');
    await type('Email', 'a@example.com');
    await type('Password', 'Kettle-Orbit-Plum-7');
    await type('Confirm password', 'Kettle-Orbit-Plum-8');
    await press(user, signup, 'Sign Up');
    await waitFor(() => expect(getAlertState().message).toBe('Passwords do not match'));
    act(() => dismissAlert('close'));
    await user.clear(within(signup).getByLabelText('Confirm password'));
    await type('Confirm password', 'Kettle-Orbit-Plum-7');
    await press(user, signup, 'Sign Up');
    await waitFor(() => expect(getAlertState().message).toBe('You must accept Terms and Conditions'));
    act(() => dismissAlert('close'));
    await user.click(await within(signup).findByRole('checkbox'));
    await press(user, signup, 'Sign Up');
    await waitFor(() => expect(getFormsState().open).toBeNull());
    expect(api.to('/api/submit_signup')[0]?.body).toEqual({
      username: 'trader_1',
      email: 'a@example.com',
      password: 'Kettle-Orbit-Plum-7',
      password_confirmation: 'Kettle-Orbit-Plum-7',
      selected_subscription: 'basic',
    });
    // Basic plan: the checkout session is requested with the email and the signed ticket, then the browser leaves.
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(api.to('/api/checkoutsession')[0]?.body).toEqual({ email: 'a@example.com', checkout_ticket: 'ticket-1' });
  });

  it("sign-up: the hint allows spaces, and a common password gets the server's alert with the form left open", async () => {
    const user = userEvent.setup();
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/submit_signup': [400, alert(ACCOUNT_MESSAGES.passwordWeak)],
    });
    renderApp('/subscriptioncards');
    await user.click(await screen.findByRole('button', { name: 'Sign Up free' }));
    const signup = await form('Sign Up');
    expect(within(signup).getByText(/8 to 128 characters; spaces allowed/)).toBeTruthy();
    const type = async (label: string, text: string) => user.type(within(signup).getByLabelText(label), text);
    await type('Username', 'trader_1');
    await type('Email', 'a@example.com');
    await type('Password', 'password');
    await type('Confirm password', 'password');
    await user.click(await within(signup).findByRole('checkbox'));
    await press(user, signup, 'Sign Up');
    await waitFor(() => expect(getAlertState().message).toBe(ACCOUNT_MESSAGES.passwordWeak));
    expect(api.to('/api/submit_signup')[0]?.body).toMatchObject({ password: 'password' });
    expect(getFormsState().open).toBe('signup');
  });

  it('session start-up deletes a stored token when get_user_info says not logged in', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: '', email: '', subscription: '' }],
    });
    renderApp('/nowhere');
    await within(await banner()).findByRole('button', { name: 'Login' });
    await waitFor(() => expect(readToken()).toBeNull());
  });

  it('session start-up restores a valid stored token', async () => {
    const token = fakeJwt(3600);
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'trader_1', email: 'a@example.com', subscription: 'basic' }],
    });
    renderApp('/nowhere');
    expect((await within(await banner()).findByRole('button', { name: /Account menu$/ })).textContent).toBe('trader_1');
    expect(api.to('/api/get_user_info')[0]?.auth).toBe(`Bearer ${token}`);
    expect(readToken()).toBe(token);
  });
});
