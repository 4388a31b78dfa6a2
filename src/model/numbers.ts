// Numbers in messages a person reads.

/** A count as a person reads it: "590", "8,384,000", or "3.2 × 10^13" past ten million. */
export function roughCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) < 1e7) return Math.round(n).toLocaleString('en-US');
  const exponent = Math.floor(Math.log10(Math.abs(n)));
  return `${(n / 10 ** exponent).toFixed(1)} × 10^${exponent}`;
}
