import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { getAlertState } from '../../lib/alert-store.ts';
import { readToken, TOKEN_STORAGE_KEY } from '../../lib/session-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { browserLocation } from '../../lib/session-redirect.ts';
import { accountApi, setupAccountTests, alert, demoInfo } from '../accounts/test/account-api-mock.ts';
import { DELETE_CONFIRMATION } from './profile-page.tsx';

setupAccountTests();

// The alert dialog only (the promo popup is a dialog too).
const alertDialog = () => document.querySelector('[aria-describedby="alert-dialog-message"]');
const user = (subscription: string) => ({ username: 'trader_1', email: 'trader@example.com', subscription });

describe('profile page', () => {
  it('shows username, email and the capitalised subscription; Manage only for basic', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, user('basic')],
      '/api/manage_subscription': [200, { sessionURL: 'https://billing.example/portal' }],
    });
    const { unmount } = renderApp('/profile');
    expect((await screen.findByTestId('profile-username')).textContent).toBe('trader_1');
    expect(screen.getByTestId('profile-email').textContent).toBe('trader@example.com');
    expect(screen.getByTestId('profile-subscription').textContent).toBe('Basic');
    // Manage opens the billing portal session the server returns.
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(api.to('/api/manage_subscription')[0]?.method).toBe('POST');
    unmount();
    accountApi({ '/api/get_app_info': [200, demoInfo], '/api/get_user_info': [200, user('free')] });
    renderApp('/profile');
    expect((await screen.findByTestId('profile-subscription')).textContent).toBe('Free');
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
  });

  it('Delete asks with the exact text; Cancel keeps the account, Delete deletes it and clears the token', async () => {
    const u = userEvent.setup();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, user('free')],
      '/api/delete_user': [200, alert('Your account was deleted.')],
    });
    const { location } = renderApp('/profile');
    // Deleting asks for the password again: without it the Delete link does nothing.
    expect((await screen.findByRole('button', { name: 'Delete' })).hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByLabelText('Password to confirm deletion'), 'Brisk-Lantern-42');
    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRMATION });
    expect(within(dialog).getByText(DELETE_CONFIRMATION)).toBeTruthy();
    expect(DELETE_CONFIRMATION).toBe(
      'Are you sure you want to delete your account? Please cancel any paid subscription before you proceed.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(alertDialog()).toBeNull());
    // Escape is a "no" as well.
    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(DELETE_CONFIRMATION);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(getAlertState().open).toBe(false));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(api.to('/api/delete_user')).toHaveLength(0);
    expect(readToken()).not.toBeNull();

    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: DELETE_CONFIRMATION })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.to('/api/delete_user')).toHaveLength(1));
    expect(api.to('/api/delete_user')[0]?.method).toBe('POST');
    expect(api.to('/api/delete_user')[0]?.body).toEqual({ password: 'Brisk-Lantern-42' });
    await waitFor(() => expect(readToken()).toBeNull());
    // Back to the start page (the landing page, or its redirect).
    await waitFor(() => expect(location.pathname).not.toBe('/profile'));
    expect(getAlertState().message).toBe('Your account was deleted.');
  });

  it('asks a logged-out visitor to log in', async () => {
    accountApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/profile');
    expect(await screen.findByText('Please log in to see your profile.')).toBeTruthy();
  });
});
