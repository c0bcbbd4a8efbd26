import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMO } from '@tapewatch/shared/constants';
import { renderApp } from '../../test/render-app.tsx';
import { accountApi, setupAccountTests, demoInfo } from '../../features/accounts/test/account-api-mock.ts';
import { TOKEN_STORAGE_KEY } from '../../lib/session-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { PROMO_CLOSED_KEY } from './promo-popup-rules.ts';
import { PROMO_DELAY_MS } from './promo-popup.tsx';

setupAccountTests();

describe('promo popup', () => {
  it('advertises the coupon and chat to visitors, hides under the login form, Subscribe goes to the plans and closes it', async () => {
    const user = userEvent.setup();
    accountApi({ '/api/get_app_info': [200, demoInfo] });
    const { location } = renderApp('/nowhere');
    const popup = await screen.findByRole('complementary', { name: 'Promotion' });
    expect(within(popup).getByTestId('promo-coupon').textContent).toBe(PROMO.couponCode);
    expect(within(popup).getByRole('link', { name: PROMO.chatName }).getAttribute('href')).toBe(PROMO.chatUrl);
    expect(within(popup).getByRole('button', { name: 'More Info' })).toBeTruthy();
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Login' }));
    await screen.findByRole('form', { name: 'Login' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull());
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('complementary', { name: 'Promotion' });
    await user.click(within(again).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(location.pathname).toBe('/subscriptioncards'));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull());
    expect(window.sessionStorage.getItem(PROMO_CLOSED_KEY)).toBe('1');
  });

  it('is not shown to basic subscribers', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    accountApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'pro_user', email: 'p@example.com', subscription: 'basic' }],
    });
    // Virtual time: the popup's delay passes at once (a visitor's popup would be up by then).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      renderApp('/nowhere');
      await within(await screen.findByRole('banner')).findByRole('button', { name: /Account menu$/ });
      await act(() => vi.advanceTimersByTimeAsync(PROMO_DELAY_MS + 300));
      expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
