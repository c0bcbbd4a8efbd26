import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HoverHint } from './hover-hint.tsx';

describe('HoverHint', () => {
  it('renders the trigger alone, then shows the tooltip on the first hover and hides it on leaving', async () => {
    render(
      <HoverHint title="A maximum of 10k rows">
        <button type="button">info</button>
      </HoverHint>,
    );
    const trigger = screen.getByRole('button', { name: 'info' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(trigger);
    expect((await screen.findByRole('tooltip')).textContent).toBe('A maximum of 10k rows');
    // The Tooltip names its trigger after the hint (no other label here).
    fireEvent.mouseLeave(screen.getByRole('button', { name: 'A maximum of 10k rows' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
