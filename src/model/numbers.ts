// Numbers in messages a person reads.

/** A count as a person reads it: "590", "8,384,000", or "3.2 × 10^13" past ten million. */
export function roughCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) < 1e7) return Math.round(n).toLocaleString('en-US');
  const exponent = Math.floor(Math.log10(Math.abs(n)));
  return `${(n / 10 ** exponent).toFixed(1)} × 10^${exponent}`;
}

/**
 * The word that goes with a count: the singular for exactly one, else the plural ("cards", or
 * `plural` when it is not the word and an "s": "entries", "are"). Every message that counts says
 * its noun through this (or `counted`), so that no "1 cards" is ever written.
 */
export function forCount(n: number | bigint, word: string, plural = `${word}s`): string {
  return n === 1 || n === 1n ? word : plural;
}

/** A count and its noun: "1 card", "0 cards", "8,384 deals" (digits grouped as en-US). */
export function counted(n: number | bigint, noun: string, plural?: string): string {
  return `${n.toLocaleString('en-US')} ${forCount(n, noun, plural)}`;
}
