import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertDialog } from './alert-dialog.tsx';
import { DEFAULT_ALERT, getAlertState, onAlertEvent, showAlert, type AlertEvent } from '../../lib/alert-store.ts';

describe('AlertDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message with the default "Close" label and emits close', async () => {
    const user = userEvent.setup();
    const events: AlertEvent[] = [];
    const off = onAlertEvent((e) => events.push(e));
    render(<AlertDialog />);
    act(() => showAlert({ message: 'You have successfully logged in.' }));
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(events).toEqual([{ type: 'close', message: 'You have successfully logged in.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    off();
  });

  it('renders action link, cancel button, custom label and content panel; each emits its event', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    const off = onAlertEvent((e) => events.push(e.type));
    render(<AlertDialog />);
    const open = () =>
      act(() =>
        showAlert({
          message: 'You need to subscribe to access this page.',
          actionText: 'More info',
          showCancel: true,
          buttonLabel: 'Delete',
          content: 'Extra details',
        }),
      );
    open();
    expect(screen.getByTestId('alert-content').textContent).toBe('Extra details');
    await user.click(screen.getByRole('button', { name: 'More info' }));
    open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    open();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(events).toEqual(['action', 'cancel', 'close']);
    off();
  });

  it('resets its contents to the defaults 50 ms after closing', () => {
    vi.useFakeTimers();
    render(<AlertDialog />);
    act(() => showAlert({ message: 'Hello', buttonLabel: 'OK', showCancel: true }));
    act(() => screen.getByRole('button', { name: 'OK' }).click());
    expect(getAlertState()).toMatchObject({ open: false, message: 'Hello', buttonLabel: 'OK' });
    act(() => vi.advanceTimersByTime(49));
    expect(getAlertState().message).toBe('Hello');
    act(() => vi.advanceTimersByTime(1));
    expect(getAlertState()).toEqual(DEFAULT_ALERT);
  });
});
