import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadingOverlay } from './loading-overlay.tsx';

const isShown = () =>
  screen.queryByRole('progressbar', { name: 'Loading' }) !== null &&
  screen.getByTestId('loading-overlay').style.visibility !== 'hidden';

describe('LoadingOverlay', () => {
  it('shows while loading and hides on Escape', async () => {
    const user = userEvent.setup();
    render(<LoadingOverlay open />);
    expect(isShown()).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(isShown()).toBe(false));
  });

  it('shows again when a new load starts after being dismissed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LoadingOverlay open />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(isShown()).toBe(false));
    rerender(<LoadingOverlay open={false} />);
    rerender(<LoadingOverlay open />);
    await waitFor(() => expect(isShown()).toBe(true));
  });

  it('is hidden when not loading', () => {
    render(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
