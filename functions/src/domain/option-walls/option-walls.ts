import type { CloseBasis } from '@tapewatch/shared/schemas/tickers';
import { OPTION_WALLS, type ChainDay } from './chain.ts';
import { gexPerStrike, zeroGamma, type GammaExposure } from './gamma-exposure.ts';
import { wallsByExpiry, type ExpiryWalls } from './walls.ts';

export interface OptionWallsPayload {
  underlying: string;
  as_of: string;
  spot: number | null;
  /** The scale of the strikes and the spot (option-chain/chain-input.ts chainPriceBasis). */
  price_basis: CloseBasis;
  data: Record<string, ExpiryWalls>;
  gex: GammaExposure;
  limits: { expiries: number; strike_band_pct: number };
}

/** Everything the Option Walls screen draws for one day's chain. */
export function computeOptionWalls(
  chain: ChainDay,
  priceBasis: CloseBasis,
  config: typeof OPTION_WALLS = OPTION_WALLS,
): OptionWallsPayload {
  const rates = { riskFreeRate: config.riskFreeRate, dividendYield: config.dividendYield };
  return {
    underlying: chain.underlying,
    as_of: chain.date,
    spot: chain.spot,
    price_basis: priceBasis,
    data: wallsByExpiry(chain, config.maxExpiries, config.strikeBandPct),
    gex: {
      ...gexPerStrike(chain, config.strikeBandPct),
      zero_gamma: zeroGamma(chain, config.strikeBandPct, config.zeroGammaSteps, rates),
    },
    limits: { expiries: config.maxExpiries, strike_band_pct: config.strikeBandPct },
  };
}
