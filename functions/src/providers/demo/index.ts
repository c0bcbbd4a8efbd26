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
 *  - optionChain(ticker, date) for any optionable ticker and trading day: the day's options market
 *    (domain/options-market, from the bundled bars and, for SPY, the VIX close) -> cboeChainReport,
 *    built directly as the report parseCboeOptionChain gives for generateCboeOptionChain's CBOE
 *    JSON text of the same market (cboe-option-chain.test.ts holds the two equal).
 */
export * from './prng.ts';
export * from './finra-short-volume.ts';
export * from './finra-short-interest.ts';
export * from './cboe-option-chain.ts';
