"""Reference values for the ARIMA suite (functions/src/analytics/arima-statsmodels.test.ts).

Fits every case of CASES with statsmodels 0.13.5 (Debian python3-statsmodels 0.13.5+dfsg, run with
/usr/bin/python3) on the real series of fixtures/arima-real-series.json and writes
fixtures/arima-statsmodels.json. Per case:
  default: ARIMA(y, order=, trend=, enforce_stationarity=, enforce_invertibility=).fit() exactly as a
           user calls it (method 'statespace', L-BFGS-B, maxiter 50): llf, converged flag, params.
  starts:  the log-likelihood of each fit below, by start.
  best:    the best of that fit, the same polished (start_params = default params, maxiter 1000,
           pgtol 1e-10) and fits (maxiter 1000, pgtol 1e-10) from the default's trend and variance with
           the ARMA block replaced by: zeros, each cancelling pair (ar.L1 = +-0.95, ma.L1 = -+0.95) and
           four seeded random admissible draws (arma_starts); llf, params, the
           standard errors of cov_type 'approx', 'oim' and 'opg' (cov_kwds default: complex-step
           derivatives), the 20-step forecast mean and standard error (get_forecast(20)), and the
           diagnostics printed under summary(): Ljung-Box Q at lags 1 and 10 with p
           (test_serial_correlation('ljungbox', lags=10)), Jarque-Bera with p, skew and kurtosis
           (test_normality('jarquebera')), heteroskedasticity H with two-sided p
           (test_heteroskedasticity('breakvar')).
Run: /usr/bin/python3 scripts/arima-reference/reference.py
"""
import json
import os
import warnings

import numpy as np
import statsmodels
from statsmodels.tsa.arima.model import ARIMA
from statsmodels.tsa.statespace.tools import constrain_stationary_univariate

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, '..', '..', 'functions', 'src', 'analytics', 'fixtures')

# (series, (p, d, q), trend, enforce_stationarity, enforce_invertibility)
CASES = [
    ('spy', (1, 1, 1), 't', 1, 1), ('spy_log', (1, 1, 1), 't', 1, 1), ('xlk', (1, 1, 1), 't', 1, 1),
    ('xle', (1, 1, 1), 't', 1, 1), ('vix', (1, 1, 1), 't', 1, 1), ('ffiv', (1, 1, 1), 't', 1, 1),
    ('aapl', (1, 1, 1), 't', 1, 1),
    ('spy', (0, 1, 0), 't', 1, 1), ('spy', (2, 1, 2), 't', 1, 1), ('xlk', (2, 1, 2), 't', 1, 1),
    ('xle', (2, 1, 2), 't', 1, 1), ('spy_log', (2, 1, 2), 't', 1, 1),
    ('spy', (5, 1, 5), 't', 1, 1), ('spy', (5, 1, 0), 'n', 1, 1), ('xlk', (3, 1, 3), 'n', 1, 1),
    ('spy', (1, 1, 1), 'n', 1, 1), ('spy_log', (2, 2, 1), 'n', 1, 1),
    ('vix', (1, 0, 0), 'c', 1, 1), ('vix', (2, 0, 1), 'c', 1, 1), ('vix', (2, 0, 1), 'n', 1, 1),
    ('vix', (1, 0, 1), 'ct', 1, 1), ('vix', (3, 0, 2), 'c', 1, 1),
    ('spy_ret', (1, 0, 0), 'c', 1, 1), ('spy_ret', (1, 0, 1), 'c', 1, 1), ('spy_ret', (2, 0, 2), 'c', 1, 1),
    ('spy_ret', (0, 0, 1), 'n', 1, 1), ('spy_ret', (5, 0, 0), 'c', 1, 1), ('spy_ret', (4, 0, 4), 'c', 1, 1),
    ('spy_ret', (3, 0, 0), 'ct', 1, 1), ('qqq_ret', (1, 0, 1), 'c', 1, 1), ('qqq_ret', (2, 0, 2), 'n', 1, 1),
    ('qqq_ret', (0, 0, 2), 'c', 1, 1), ('xom_ret', (1, 0, 1), 'c', 1, 1), ('xom_ret', (2, 0, 1), 'ct', 1, 1),
    ('shiller_log', (1, 1, 0), 't', 1, 1), ('shiller_log', (2, 1, 2), 't', 1, 1),
    ('shiller_log', (1, 1, 1), 't', 1, 1), ('shiller_log', (3, 1, 1), 'n', 1, 1),
    ('shiller_log', (0, 1, 1), 't', 1, 1), ('shiller_log', (2, 0, 0), 'ct', 1, 1),
    ('shiller_log', (1, 2, 1), 'n', 1, 1),
    ('spy', (1, 0, 0), 'ct', 1, 1), ('spy', (2, 0, 0), 'c', 1, 1), ('xle', (1, 0, 1), 'c', 1, 1),
    # Issue 36 item 4: real series where a single-path search stopped at a worse local maximum.
    ('jpm_ret', (3, 0, 3), 'c', 1, 1), ('tsla_ret', (4, 0, 4), 'n', 1, 1), ('iwm', (2, 1, 2), 't', 1, 1),
    ('iwm', (3, 1, 3), 't', 1, 1), ('msft', (4, 1, 4), 't', 1, 1), ('msft', (4, 1, 4), 'n', 1, 1),
    # statsmodels semantics without the constraints: approximate-diffuse start, unconstrained parameters.
    ('spy', (1, 1, 1), 't', 0, 0), ('vix', (2, 0, 1), 'c', 0, 1), ('spy_log', (1, 0, 0), 'c', 0, 1),
    ('xlk', (2, 1, 0), 't', 0, 1), ('spy_ret', (1, 0, 1), 'c', 1, 0),
]


def fit(y, order, trend, st, inv, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        m = ARIMA(y, order=order, trend=trend, enforce_stationarity=bool(st), enforce_invertibility=bool(inv))
        return m.fit(**kw)


def lst(x):
    return [float(v) for v in np.asarray(x)]


# Seeded draws of admissible ARMA starts per case (see arma_starts).
RANDOM_STARTS = 4


def arma_block(names, order):
    """Index of the first AR/MA parameter: model.k_exog is 0 for ARIMA trends (they are not exog),
    so indexing by it zeroed the drift and left the last ARMA coefficient (issue 36 item 6)."""
    p, q = order[0], order[2]
    k = next((i for i, n in enumerate(names) if n.startswith(('ar.', 'ma.'))), len(names))
    assert all(n.startswith(('ar.', 'ma.')) for n in names[k:k + p + q])
    return k


def arma_starts(order, seed):
    """ARMA blocks to start from besides statsmodels' own: zeros, the two cancelling AR/MA pairs
    (+-0.95 at lag 1, where real prices have a second mode) and RANDOM_STARTS seeded draws from the
    admissible region (standard normal unconstrained parameters, statsmodels' own transform)."""
    p, q = order[0], order[2]
    out = [('zeros', np.zeros(p + q))]
    if p and q:
        for sign in (1, -1):
            pair = np.zeros(p + q)
            pair[0], pair[p] = 0.95 * sign, -0.95 * sign
            out.append(('cancelling %+d' % sign, pair))
    rng = np.random.default_rng(seed)
    for i in range(RANDOM_STARTS if p + q else 0):
        u = rng.standard_normal(p + q)
        ar = constrain_stationary_univariate(u[:p]) if p else np.zeros(0)
        ma = -constrain_stationary_univariate(u[p:]) if q else np.zeros(0)
        out.append(('random %d' % i, np.concatenate([ar, ma])))
    return out


def run_case(y, order, trend, st, inv, seed):
    default = fit(y, order, trend, st, inv)
    # A fresh dict per fit: statsmodels writes start_params (and more) into method_kwargs, so a shared dict
    # restarted every later fit from the first one's start.
    def polish():
        return {'maxiter': 1000, 'pgtol': 1e-10}

    cands = [('default', default)]
    try:
        cands.append(('default polished', fit(y, order, trend, st, inv, start_params=default.params,
                                              method_kwargs=polish())))
    except Exception:
        pass
    k = arma_block(list(default.model.param_names), order)
    for name, block in arma_starts(order, seed):
        sp = np.array(default.params, dtype=float)
        sp[k:k + len(block)] = block
        try:
            cands.append((name, fit(y, order, trend, st, inv, start_params=sp, method_kwargs=polish())))
        except Exception:
            pass
    best = max((r for _, r in cands), key=lambda r: r.llf if np.isfinite(r.llf) else -np.inf)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        se = {c: lst(np.sqrt(np.abs(np.diag(getattr(best, 'cov_params_' + c))))) for c in ('approx', 'oim', 'opg')}
        fc = best.get_forecast(20)
        lb = best.test_serial_correlation('ljungbox', lags=10)[0]
        jb = best.test_normality('jarquebera')[0]
        het = best.test_heteroskedasticity('breakvar')[0]
    return {
        'default': {'llf': float(default.llf), 'converged': bool(default.mle_retvals.get('converged', True)),
                    'params': lst(default.params)},
        'starts': {name: float(r.llf) for name, r in cands},
        'best': {
            'llf': float(best.llf), 'aic': float(best.aic), 'nobs_effective': int(best.nobs_effective),
            'names': list(best.model.param_names), 'params': lst(best.params), 'se': se,
            'forecast': {'mean': lst(fc.predicted_mean), 'se': lst(fc.se_mean)},
            'diagnostics': {
                'ljung_box_1': [float(lb[0][0]), float(lb[1][0])], 'ljung_box_10': [float(lb[0][9]), float(lb[1][9])],
                'jarque_bera': [float(jb[0]), float(jb[1])], 'skew': float(jb[2]), 'kurtosis': float(jb[3]),
                'heteroskedasticity': [float(het[0]), float(het[1])],
            },
        },
    }


def main():
    with open(os.path.join(FIX, 'arima-real-series.json')) as f:
        series = json.load(f)['series']
    out = []
    for i, (name, order, trend, st, inv) in enumerate(CASES):
        y = np.array(series[name]['values'], dtype=float)
        r = run_case(y, order, trend, st, inv, seed=i)
        out.append({'series': name, 'order': list(order), 'trend': trend, 'stationarity': st, 'invertibility': inv, **r})
        print(name, order, trend, st, inv, 'default', round(r['default']['llf'], 4), 'best', round(r['best']['llf'], 4), flush=True)
    doc = {
        'generator': 'scripts/arima-reference/reference.py',
        'statsmodels': statsmodels.__version__,
        'numpy': np.__version__,
        'cases': out,
    }
    with open(os.path.join(FIX, 'arima-statsmodels.json'), 'w') as f:
        json.dump(doc, f, indent=None, separators=(',', ':'))
        f.write('\n')


if __name__ == '__main__':
    main()
