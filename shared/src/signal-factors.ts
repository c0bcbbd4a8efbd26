// Kept apart from the zod schemas so a page that only needs the labels (the CSV columns) does not
// pull zod into its initial JS.

/** Factor ids in the order of the spec's labels (part 2 section 2.15). */
export const SIGNAL_FACTORS = [
  { id: 'uptrend', label: 'New Uptrend' },
  { id: 'sustained_momentum', label: 'Sustained Momentum' },
  { id: 'momentum', label: 'Momentum' },
  { id: 'relative_strength', label: 'Relative Strength' },
  { id: 'new_high', label: 'New High' },
  { id: 'filtered_momentum', label: 'Filtered Momentum' },
  { id: 'roc_curve', label: 'ROC Curve' },
  { id: 'dark_pools', label: 'Dark Pools' },
] as const;
