import { useTheme } from '@mui/material/styles';

/**
 * Text categories (tickers, strikes, sectors) along a chart axis: the distinct categories in order of
 * first appearance, whether their labels must turn 90 degrees to fit their slots, and the label itself.
 */
export function distinctCategories(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export interface CategoryLabels {
  /** Labels turned 90 degrees (the slots are narrower than the longest label). */
  rotate: boolean;
  /** Room the labels need below the plot, in px. */
  depth: number;
  /** Label every k-th slot, so rotated labels (about 13 px tall) do not overlap. */
  every: number;
}

/** Label layout for `n` categories along a horizontal axis `length` px long; `longest` is in characters. */
export function categoryLabels(longest: number, n: number, length: number): CategoryLabels {
  const step = length / Math.max(1, n);
  const rotate = step < longest * 7 + 4;
  return {
    rotate,
    depth: rotate ? 12 + longest * 6.5 : 24,
    every: rotate ? Math.max(1, Math.ceil(13 / Math.max(0.1, step))) : 1,
  };
}

/** One category label under the plot (`y` is the axis line), centred on `x`; emphasised: bold and full contrast. */
export function CategoryTick({
  x,
  y,
  rotate,
  label,
  emphasized = false,
}: {
  x: number;
  y: number;
  rotate: boolean;
  label: string;
  emphasized?: boolean;
}) {
  const { palette } = useTheme();
  return (
    <text
      transform={rotate ? `translate(${x},${y + 6}) rotate(-90)` : undefined}
      x={rotate ? 0 : x}
      y={rotate ? 0 : y + 15}
      textAnchor={rotate ? 'end' : 'middle'}
      dominantBaseline={rotate ? 'central' : undefined}
      fill={emphasized ? palette.text.primary : palette.text.secondary}
      fontWeight={emphasized ? 700 : undefined}
    >
      {label}
    </text>
  );
}
