import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChartSurface } from './chart-surface.tsx';

describe('ChartSurface', () => {
  it('sizes a presentational SVG and keeps the overlay out of it', () => {
    const { container } = render(
      <ChartSurface width={320} height={200} fontSize={9} overlay={<div role="tooltip">tip</div>}>
        <rect data-testid="mark" />
      </ChartSurface>,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('presentation');
    expect([svg.getAttribute('width'), svg.getAttribute('height'), svg.getAttribute('font-size')]).toEqual([
      '320',
      '200',
      '9',
    ]);
    expect(svg.contains(screen.getByTestId('mark'))).toBe(true);
    expect(svg.contains(screen.getByRole('tooltip'))).toBe(false);
    const box = getComputedStyle(svg.parentElement!);
    expect([box.position, box.width, box.height]).toEqual(['relative', '320px', '200px']);
  });
});
