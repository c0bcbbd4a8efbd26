import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { getFormsState, resetForms } from '../../lib/forms-store.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { saveToken, TOKEN_STORAGE_KEY } from '../../lib/session-token.ts';
import { CONVERSION_EVENT, recordConversion } from './conversion.ts';
import { browserLocation } from '../../lib/session-redirect.ts';
import { ALREADY_BASIC } from './subscription-page.tsx';

// The success page is a lazy route: compile its chunk up front so a busy runner's first transform
// does not eat the assertion's time.
beforeAll(() => import('./subscription-success-page.tsx'), 60_000);

const demoInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1.0.0' };

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  delete (window as { gtag?: unknown }).gtag;
});

describe('subscription page', () => {
  beforeEach(() => void mockApi({ '/api/get_app_info': [200, demoInfo] }));

  it('Pay now! asks for a checkout session with the token and goes to its URL', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    const fetchMock = mockApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'trader_1', email: 'trader@example.com', subscription: 'free' }],
      '/api/checkoutsession': [200, { sessionId: 'cs_1', url: 'https://checkout.example/cs_1' }],
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderApp('/subscription');
    const pay = await screen.findByRole('button', { name: 'Pay now!' }, { timeout: 15_000 });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/get_user_info'))).toBe(true),
    );
    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/checkoutsession'));
    const init = (call as unknown[] | undefined)?.[1] as RequestInit | undefined;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
    assign.mockRestore();
  });

  it('a basic subscriber cannot pay twice: the button is disabled and says why', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
    mockApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'trader_1', email: 'trader@example.com', subscription: 'basic' }],
    });
    renderApp('/subscription');
    expect(await screen.findByText(ALREADY_BASIC, {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay now!' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a visitor to Sign Up with the Basic plan first', async () => {
    resetForms();
    renderApp('/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up for Basic first' }, { timeout: 15_000 }));
    expect(getFormsState()).toMatchObject({ open: 'signup', plan: 'basic' });
  });
});

describe('subscription success page', () => {
  it('thanks the subscriber, names support and the cookies note, and refetches user info', async () => {
    const fetchMock = mockApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'alice', email: 'alice@example.com', subscription: 'basic' }],
    });
    saveToken({ token: fakeJwt(3600), refreshToken: 'r', remember: true });
    renderApp('/subscriptionsuccess');
    expect(
      await screen.findByRole('heading', { name: 'Thank you for subscribing!' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const page = within(screen.getByRole('region', { name: 'Subscription success' }));
    expect(page.getByRole('link', { name: 'support@tapewatch.app' }).getAttribute('href')).toBe(
      'mailto:support@tapewatch.app',
    );
    expect(page.getByText(/Cookies and scripts must be enabled/).textContent).toMatch(
      /authentication.*charts and tables/,
    );
    // Once for the session start-up, once more when the success page invalidates it.
    const userInfoCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/get_user_info')).length;
    await waitFor(() => expect(userInfoCalls()).toBeGreaterThanOrEqual(2));
  });
});

describe('subscription success page: who is greeted', () => {
  beforeEach(() => resetForms());

  it('a logged-out payer (Basic sign-up pays before confirming) is told to confirm the email and log in', async () => {
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/subscriptionsuccess');
    expect(
      await screen.findByRole('heading', { name: 'Payment received: confirm your email' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Thank you for subscribing!')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the options flow' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(getFormsState().open).toBe('login');
  });

  it('a free user is not thanked for subscribing, and no conversion is recorded', async () => {
    const gtag = vi.fn();
    (window as { gtag?: unknown }).gtag = gtag;
    mockApi({
      '/api/get_app_info': [200, demoInfo],
      '/api/get_user_info': [200, { username: 'bob', email: 'bob@example.com', subscription: 'free' }],
    });
    saveToken({ token: fakeJwt(3600), refreshToken: 'r', remember: true });
    renderApp('/subscriptionsuccess');
    expect(await screen.findByRole('heading', { name: 'No subscription yet' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Thank you for subscribing!')).toBeNull();
    expect(gtag).not.toHaveBeenCalled();
  });
});

describe('conversion event', () => {
  it('does nothing unless a conversion target and the ad tag are present', () => {
    const gtag = vi.fn();
    expect(recordConversion(undefined)).toBe(false);
    expect(recordConversion('AW-1/abc')).toBe(false);
    (window as { gtag?: unknown }).gtag = gtag;
    expect(recordConversion(undefined)).toBe(false);
    expect(gtag).not.toHaveBeenCalled();
  });

  it('sends value 1 in CAD to the configured target', () => {
    const gtag = vi.fn();
    (window as { gtag?: unknown }).gtag = gtag;
    expect(recordConversion('AW-1/abc')).toBe(true);
    expect(gtag).toHaveBeenCalledWith('event', 'conversion', { send_to: 'AW-1/abc', value: 1, currency: 'CAD' });
    expect(CONVERSION_EVENT).toEqual({ value: 1, currency: 'CAD' });
  });
});
