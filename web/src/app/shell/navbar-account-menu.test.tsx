import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { NAV_ITEMS } from '../nav-config.ts';
import { NavbarAccountMenu } from './navbar-account-menu.tsx';

const width = window.innerWidth;
afterEach(() => {
  window.innerWidth = width;
});

function renderMenu(basic: boolean, viewport: number) {
  window.innerWidth = viewport;
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  const onClose = vi.fn();
  const onLogout = vi.fn();
  render(
    <MemoryRouter>
      <NavbarAccountMenu anchor={anchor} onClose={onClose} onLogout={onLogout} basic={basic} />
    </MemoryRouter>,
  );
  return { onClose, onLogout };
}

const flowLinks = NAV_ITEMS.find((i) => i.basicOnly)!.children!;

describe('navbar account menu', () => {
  it('on a phone, a basic subscriber gets the Options Flow screens, then Profile and Logout', async () => {
    const { onClose, onLogout } = renderMenu(true, 375);
    await waitFor(() => expect(screen.getByText('Options Flow')).toBeTruthy());
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([...flowLinks.map((l) => l.label), 'Profile', 'Logout']);
    expect(flowLinks.map((l) => l.label)).toContain('Live & Historical');
    for (const link of flowLinks)
      expect(screen.getByRole('menuitem', { name: link.label }).getAttribute('href')).toBe(link.path);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onClose).toHaveBeenCalled();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('a free user on a phone, and anyone on a wide screen (the sidebar shows the group), get Profile and Logout only', async () => {
    renderMenu(false, 375);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Profile', 'Logout']);
    expect(screen.queryByText('Options Flow')).toBeNull();
  });

  it('a basic subscriber on a wide screen gets Profile and Logout only', async () => {
    renderMenu(true, 1440);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Profile', 'Logout']);
  });
});
