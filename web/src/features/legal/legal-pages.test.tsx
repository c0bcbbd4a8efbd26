import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';

const demoInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1.0.0' };

describe('legal pages', () => {
  beforeEach(() => void mockApi({ '/api/get_app_info': [200, demoInfo] }));
  afterEach(() => vi.unstubAllGlobals());

  it('reaches the terms from the footer: informational only, no refunds, all sales final, cancel via Manage', async () => {
    renderApp('/nowhere');
    await userEvent.click(await screen.findByRole('link', { name: 'Terms of Use' }));
    const article = await screen.findByRole('article', { name: 'Terms of Use' }, { timeout: 15_000 });
    const text = article.textContent ?? '';
    expect(text).toMatch(/informational purposes only/);
    expect(text).toMatch(
      /not investment, financial, legal or tax advice|is investment, financial, legal or tax advice/,
    );
    expect(text).toMatch(/No refunds: all sales are final/);
    expect(text).toMatch(/with Manage on your profile page/);
  });

  it('reaches the privacy policy from the footer', async () => {
    renderApp('/nowhere');
    await userEvent.click(await screen.findByRole('link', { name: 'Privacy' }));
    const article = await screen.findByRole('article', { name: 'Privacy Policy' }, { timeout: 15_000 });
    const text = article.textContent ?? '';
    expect(text).toMatch(/informational purposes only/);
    expect(text).toMatch(/No refunds: all sales are final/);
    expect(text).toMatch(/Manage on your profile page/);
  });
});
