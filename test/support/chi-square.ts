/**
 * Chi-square p-values for the statistical tests: the regularized upper incomplete gamma function
 * Q(a, x) (series for x < a + 1, Lentz continued fraction otherwise; Numerical Recipes §6.2).
 */

function lnGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), relative error < 1e-15 for x > 0.5
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    // P(a, x) by its series, Q = 1 - P
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(lead) * h;
}

/** P(X ≥ stat) for X chi-square distributed with df degrees of freedom. */
export function chiSquarePValue(stat: number, df: number): number {
  return gammaQ(df / 2, stat / 2);
}

/**
 * Pearson's statistic of observed counts against equal expected counts.
 * Returns the p-value with df = cells - 1.
 */
export function uniformityPValue(observed: number[]): { stat: number; df: number; p: number } {
  const n = observed.reduce((a, b) => a + b, 0);
  const e = n / observed.length;
  const stat = observed.reduce((acc, o) => acc + ((o - e) * (o - e)) / e, 0);
  const df = observed.length - 1;
  return { stat, df, p: chiSquarePValue(stat, df) };
}
