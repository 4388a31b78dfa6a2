// Card sets are u32 bitmasks (bit i = the deck's i-th card): the few operations on them.

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The card indices in a mask, in increasing order. */
export function cardsOfMask(mask: number): number[] {
  const cards: number[] = [];
  for (let m = mask >>> 0; m !== 0; m &= m - 1) cards.push(31 - Math.clz32(m & -m));
  return cards;
}

/** The mask of a list of card indices. */
export function maskOfCards(cards: readonly number[]): number {
  return cards.reduce((m, c) => m | (1 << c), 0) >>> 0;
}
