import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDUCED_MOTION } from '../../lib/motion.ts';
import { LoadingOverlay } from './loading-overlay.tsx';

const isShown = () =>
  screen.queryByRole('progressbar', { name: 'Loading' }) !== null &&
  screen.queryByTestId('loading-overlay')?.style.visibility !== 'hidden';
// Hidden or not, a mounted indeterminate spinner keeps animating (a style recalculation every frame).
const spinnerMounted = () => document.querySelector('.MuiCircularProgress-root') !== null;

describe('LoadingOverlay', () => {
  it('shows while loading and hides on Escape', async () => {
    const user = userEvent.setup();
    render(<LoadingOverlay open />);
    expect(isShown()).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(isShown()).toBe(false));
    await waitFor(() => expect(spinnerMounted()).toBe(false));
  });

  it('leaves no animating spinner behind once the load ends', async () => {
    const { rerender } = render(<LoadingOverlay open />);
    expect(spinnerMounted()).toBe(true);
    rerender(<LoadingOverlay open={false} />);
    await waitFor(() => expect(spinnerMounted()).toBe(false));
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
    expect(spinnerMounted()).toBe(false);
  });

  it('with reduced motion, says "Loading" in words beside its spinner (which the theme then stops)', () => {
    const real = window.matchMedia.bind(window);
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...real(query),
      matches: query === REDUCED_MOTION || real(query).matches,
    }));
    onTestFinished(() => spy.mockRestore());
    render(<LoadingOverlay open />);
    expect(isShown()).toBe(true);
    expect(screen.queryByText('Loading…')).not.toBeNull();
  });

  it('without reduced motion, the turning spinner is its only sign', () => {
    render(<LoadingOverlay open />);
    expect(isShown()).toBe(true);
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
