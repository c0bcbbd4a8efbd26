// ColorBrewer RdYlGn (11 classes): the diverging red-yellow-green of the original heatmaps.
const RD_YL_GN = [
  '#a50026',
  '#d73027',
  '#f46d43',
  '#fdae61',
  '#fee08b',
  '#ffffbf',
  '#d9ef8b',
  '#a6d96a',
  '#66bd63',
  '#1a9850',
  '#006837',
] as const;

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Colour at t in [0, 1] along the red-yellow-green ramp (linear between the anchors). */
export function interpolateRdYlGn(t: number): string {
  const clamped = Math.min(1, Math.max(0, t));
  const pos = clamped * (RD_YL_GN.length - 1);
  const i = Math.min(RD_YL_GN.length - 2, Math.floor(pos));
  const a = hexToRgb(RD_YL_GN[i]!);
  const b = hexToRgb(RD_YL_GN[i + 1]!);
  const f = pos - i;
  return rgbToHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/**
 * Quantized diverging scale: [min, max] split into `steps` equal buckets, each with one colour;
 * values beyond the range take the end colours (the spec caps the heatmaps at ±10 and ±2).
 */
export function quantizedColor(value: number, min: number, max: number, steps: number): string {
  const bucket = Math.min(steps - 1, Math.max(0, Math.floor(((value - min) / (max - min)) * steps)));
  return interpolateRdYlGn((bucket + 0.5) / steps);
}

// ColorBrewer Blues (9 classes): a sequential ramp for shares of observations (0 = lightest).
const BLUES = ['#deebf7', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'] as const;

/**
 * Quantized sequential scale: [min, max] in `steps` buckets along the Blues ramp; beyond the range,
 * the end colours. `onDark` runs the ramp from dark to light so that on a dark page the rare cells
 * recede into the background and the dense ones stand out (as the light ramp does on white).
 */
export function quantizedSequential(value: number, min: number, max: number, steps: number, onDark = false): string {
  const bucket = Math.min(steps - 1, Math.max(0, Math.floor(((value - min) / (max - min)) * steps)));
  const t = (bucket + 0.5) / steps;
  const pos = (onDark ? 1 - t : t) * (BLUES.length - 1);
  const i = Math.min(BLUES.length - 2, Math.floor(pos));
  const a = hexToRgb(BLUES[i]!);
  const b = hexToRgb(BLUES[i + 1]!);
  const f = pos - i;
  return rgbToHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/** Black or white text, whichever reads better on `background`. */
export function readableTextColor(background: string): string {
  const [r, g, b] = hexToRgb(background).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.22 ? '#111111' : '#ffffff';
}
