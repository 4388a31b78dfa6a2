// Student's t distribution through the regularized incomplete beta function: the quantiles of
// the confidence intervals with few games.

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < 9; i++) sum += LANCZOS[i] / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const TINY = 1e-300;
  const EPS = 1e-16;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

/**
 * The regularized incomplete beta function I_x(a, b). `oneMinusX` may be given when it is known
 * more precisely than 1 - x (it matters far in the tails).
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number, oneMinusX = 1 - x): number {
  if (x <= 0) return 0;
  if (oneMinusX <= 0) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(oneMinusX));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, oneMinusX)) / b;
}

/** P(T > t) for t ≥ 0, T ~ Student t with df degrees of freedom. */
function studentTUpperTail(t: number, df: number): number {
  const t2 = t * t;
  // I_{df/(df+t²)}(df/2, 1/2) / 2, with 1 - x = t²/(df+t²) computed directly.
  return 0.5 * regularizedIncompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
}

/** The cumulative distribution function of Student's t with df > 0 degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = studentTUpperTail(Math.abs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

const quantileCache = new Map<string, number>();

/**
 * The p quantile of Student's t with df > 0 degrees of freedom, found by bisection on the exact
 * cumulative distribution (accurate to about 1e-12 relative).
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return NaN;
  if (p === 0.5) return 0;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  const key = `${p}:${df}`;
  const cached = quantileCache.get(key);
  if (cached !== undefined) return cached;
  const tail = 1 - p;
  let low = 0;
  let high = 1;
  while (studentTUpperTail(high, df) > tail) {
    low = high;
    high *= 2;
    if (high > 1e300) break;
  }
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (low + high);
    if (mid <= low || mid >= high) break;
    if (studentTUpperTail(mid, df) > tail) low = mid;
    else high = mid;
  }
  const result = 0.5 * (low + high);
  if (quantileCache.size < 10_000) quantileCache.set(key, result);
  return result;
}
