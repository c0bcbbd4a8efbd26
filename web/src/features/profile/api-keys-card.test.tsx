import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { TOKEN_STORAGE_KEY } from '../../lib/session-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { accountApi, demoInfo, setupAccountTests } from '../accounts/test/account-api-mock.ts';

setupAccountTests();

const usage = { minute: { used: 2, limit: 60 }, day: { used: 1234, limit: 5000 } };
const row = (id: string, name: string) => ({
  id,
  name,
  prefix: 'tw_live_Ab3x',
  created_at: '2026-03-02T14:30:00.000Z',
  last_used_at: null,
  usage,
});
const secret = `tw_live_${'x'.repeat(43)}`;

describe('API keys on Profile', () => {
  it('lists keys with their usage, creates one and shows its secret once, revokes after a confirm', async () => {
    const u = userEvent.setup();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    const api = accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'trader_1', email: 'trader@example.com', subscription: 'free' }],
      '/api/get_api_keys': [200, { keys: [row('00000000000000aa', 'Notebook')], limits: { keysPerUser: 5 } }],
      '/api/create_api_key': [200, { key: row('00000000000000bb', 'Bot'), secret }],
      '/api/revoke_api_key': [200, { revoked: '00000000000000aa' }],
    });
    renderApp('/profile');
    expect((await screen.findByTestId('api-key-usage')).textContent).toBe('Today 1,234 / 5,000 · this minute 2 / 60');
    await u.type(screen.getByLabelText('Key name'), 'Bot');
    // Creating a key asks for the password again.
    expect(screen.getByRole('button', { name: 'Create key' }).hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByLabelText('Your password'), 'Brisk-Lantern-42');
    await u.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(secret);
    expect(api.to('/api/create_api_key')[0]?.body).toEqual({ name: 'Bot', password: 'Brisk-Lantern-42' });

    await u.click(screen.getByRole('button', { name: 'Revoke Notebook' }));
    expect(api.to('/api/revoke_api_key')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Revoke now' }));
    await waitFor(() => expect(api.to('/api/revoke_api_key')[0]?.body).toEqual({ id: '00000000000000aa' }));
  });
});
