/**
 * HTML rendering of an ARIMA fit summary. Every interpolated value goes
 * through `escapeHtml`, including numbers, so the output is safe to inject.
 */
import { normalQuantile, normalTwoSided } from './special.ts';

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface SummaryInput {
  title: string;
  names: string[];
  params: number[];
  bse: number[];
  nobs: number;
  llf: number;
  aic: number;
  bic: number;
  hqic: number;
  sigma2: number;
}

function fmt(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(digits - 1);
  return x.toFixed(digits);
}

export function arimaSummaryHtml(s: SummaryInput): string {
  const z975 = normalQuantile(0.975);
  const rows = s.names
    .map((name, i) => {
      const b = s.params[i]!;
      const se = s.bse[i]!;
      const z = b / se;
      const cells = [
        name,
        fmt(b),
        fmt(se),
        fmt(z, 3),
        fmt(normalTwoSided(z), 3),
        fmt(b - z975 * se),
        fmt(b + z975 * se),
      ];
      return `<tr>${cells.map((c, j) => (j === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`;
    })
    .join('');
  const stats: Array<[string, string]> = [
    ['No. Observations', String(s.nobs)],
    ['Log Likelihood', fmt(s.llf, 3)],
    ['AIC', fmt(s.aic, 3)],
    ['BIC', fmt(s.bic, 3)],
    ['HQIC', fmt(s.hqic, 3)],
    ['sigma2', fmt(s.sigma2)],
  ];
  const head = ['', 'coef', 'std err', 'z', 'P>|z|', '[0.025', '0.975]'];
  return [
    `<table class="arima-summary"><caption>${escapeHtml(s.title)}</caption>`,
    `<tbody>${stats.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody>`,
    `</table>`,
    `<table class="arima-coefficients"><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows}</tbody></table>`,
  ].join('');
}
