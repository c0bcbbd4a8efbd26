import type { OptionMinmaxData } from '../api/get-option-minmax.ts';
import type { OptionWallsData } from '../api/get-option-walls.ts';

/** Shaped like the demo's SPY answer, cut to three expiries and a few strikes. */
export const wallsFixture: OptionWallsData = {
  underlying: 'SPY',
  as_of: '2024-03-08',
  spot: 511.72,
  data: {
    '2024-03-11': {
      color: '#0072B2',
      x_values: [505, 510, 515],
      y_call_values: [412_345.5, 905_120.25, 350_000],
      y_put_values: [-650_300, -480_210.75, -120_000],
    },
    '2024-03-15': {
      color: '#E69F00',
      x_values: [500, 510, 520],
      y_call_values: [1_200_000, 2_450_000, 1_900_000],
      y_put_values: [-3_100_000, -1_750_000, -400_000],
    },
    '2024-03-22': {
      color: '#009E73',
      x_values: [510, 525],
      y_call_values: [300_000, 150_000],
      y_put_values: [-200_000, 0],
    },
  },
  gex: {
    strikes: [500, 505, 510, 515, 520, 525],
    call_gex: [150_000_000, 220_000_000, 610_000_000, 480_000_000, 730_000_000, 90_000_000],
    put_gex: [-820_000_000, -400_000_000, -350_000_000, -120_000_000, -60_000_000, 0],
    net_gex: [-670_000_000, -180_000_000, 260_000_000, 360_000_000, 670_000_000, 90_000_000],
    call_wall: 520,
    put_wall: 500,
    zero_gamma: 507.43,
  },
  limits: { expiries: 8, strike_band_pct: 10 },
};

export const minmaxFixture: OptionMinmaxData = {
  underlying: 'SPY',
  dates: ['2024-03-06', '2024-03-07', '2024-03-08'],
  calls: [5_010_000.5, 5_230_400, 4_980_000],
  call_strikes: [520, 520, 525],
  puts: [-7_400_000, -7_120_000.25, null],
  put_strikes: [480, 490, null],
};
