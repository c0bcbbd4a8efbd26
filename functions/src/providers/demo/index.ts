/**
 * Seeded demo generators that emit the real vendor wire formats (FINRA short volume, FINRA short
 * interest, CBOE option chains), so demo mode runs the production parsers. Pure functions: the
 * caller supplies real closes/volumes from the bundled dataset and a seed; no I/O here.
 *
 * Wiring (demo provider, clock pinned to 2024-03-08):
 *  - dailyShortVolume(date): generateFinraShortVolumeFile(date, universe.map(t => ({ symbol,
 *    totalVolume: bundled consolidated volume of t on date })), seed) -> parseFinraShortVolume.
 *    One year = tradingDaysBetween('2023-03-09', '2024-03-08'). Days with no bundled bar: omit the
 *    symbol (or pass 0); a non-trading date should reject with ProviderNotFoundError.
 *  - shortInterest(d): d from shortInterestSettlementDates(..., '2024-03-08').slice(-24);
 *    generateFinraShortInterestFile(d, universe.map(t => ({ symbol, issueName, market,
 *    avgDailyVolume: mean bundled volume over the ~10 sessions up to d, typicalDailyVolume: over the
 *    250 sessions to the demo date, sharesOutstanding at the demo date })), seed,
 *    previousRows?) -> parseFinraShortInterest.
 *  - optionChain('SPY') for each of the last 60 trading days: generateCboeOptionChain('SPY', date,
 *    SPY close, seed, { vix: VIX close, previousSpot / previousVix: prior day's closes,
 *    referenceSpot: 20-day mean close }) -> JSON.parse -> parseCboeOptionChain.
 */
export * from './prng.ts';
export * from './finra-short-volume.ts';
export * from './finra-short-interest.ts';
export * from './cboe-option-chain.ts';
