/** The compact OCC symbol lives in shared/: the web app links to contract pages by it. */
export { formatOccSymbol, occSeriesPrefix, occSymbolFrom, parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';
