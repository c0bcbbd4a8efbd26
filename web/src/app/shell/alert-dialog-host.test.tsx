import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showAlert } from '../../lib/alert-store.ts';
import { AlertDialogHost } from './alert-dialog-host.tsx';

describe('AlertDialogHost', () => {
  it('renders nothing until an alert opens, then shows it in the dialog, which closes as before', async () => {
    const user = userEvent.setup();
    const { container } = render(<AlertDialogHost />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => showAlert({ message: 'Network error: please retry.' }));
    // The first alert imports the dialog's module: cold (no transform cache, a busy CI machine) that
    // took just over findBy's default second, which is not what this test is about.
    const dialog = await screen.findByRole('dialog', { name: 'Network error: please retry.' }, { timeout: 10_000 });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Loaded once: the next alert shows straight away.
    act(() => showAlert({ message: 'Second alert' }));
    expect(screen.getByRole('dialog', { name: 'Second alert' })).toBeTruthy();
  });
});
