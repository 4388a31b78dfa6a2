// Independent exact expected information gain, by enumeration: for every consistent deal (each
// equally likely) and every response the suggester could observe (with its probability under the
// response model), accumulate the joint distribution of (envelope, response), then take the mutual
// information directly from its definition. Shares no code with src/ or assembly/.
export interface ExactEig {
  bits: number;
  pNoRefutation: number;
  expectedSolutionsLeft: number;
  /** P(the most probable envelope given the response is the envelope): sum over responses of max over envelopes of P(envelope, response). */
  rightAfterResponse: number;
  /** The mutual information, in bits, between the envelope and who answered (the seat, or nobody; not the card). */
  publicBits: number;
  /**
   * `bits` read as an estimate from `deals` taken as a uniform sample: less the Miller-Madow term
   * (pairs - envelopes - responses + 1) / (2 n ln 2), with the (envelope, response) pairs, the
   * envelopes and the responses that occur.
   */
  correctedBits: number;
}

/**
 * deals: n x (nSeats + 2) masks (seats, envelope, table); suggestion: one card index per category;
 * shownTo[seat]: cards that seat already showed the suggester (used by the 'repeat' model).
 */
export function exactEig(
  deals: Uint32Array,
  nSeats: number,
  suggester: number,
  suggestion: number[],
  model: 'uniform' | 'repeat' = 'uniform',
  shownTo: number[] = [],
): ExactEig {
  const width = nSeats + 2;
  const n = deals.length / width;
  const joint = new Map<string, number>(); // "envelope|response" -> probability
  const pEnv = new Map<number, number>();
  const pResp = new Map<string, number>();
  const add = (m: Map<string, number> | Map<number, number>, k: never, p: number) => (m as Map<unknown, number>).set(k, ((m as Map<unknown, number>).get(k) ?? 0) + p);
  for (let d = 0; d < n; d++) {
    const env = deals[d * width + nSeats];
    add(pEnv, env as never, 1 / n);
    let responses: Array<[string, number]> = [['nobody', 1]];
    for (let step = 1; step < nSeats; step++) {
      const seat = (suggester + step) % nSeats;
      const held = suggestion.filter((c) => (deals[d * width + seat] >>> c) & 1);
      if (held.length === 0) continue;
      const again = held.filter((c) => ((shownTo[seat] ?? 0) >>> c) & 1);
      const options = model === 'repeat' && again.length > 0 ? again : held;
      responses = options.map((c) => [`${seat}:${c}`, 1 / options.length]);
      break;
    }
    for (const [r, p] of responses) {
      add(joint, `${env}|${r}` as never, p / n);
      add(pResp, r as never, p / n);
    }
  }
  const information = (m: Map<string, number>, of: (r: string) => string) => {
    const byAnswer = new Map<string, number>();
    const jointByAnswer = new Map<string, number>();
    for (const [key, p] of m) {
      const [env, r] = key.split('|');
      add(byAnswer, of(r) as never, p);
      add(jointByAnswer, `${env}|${of(r)}` as never, p);
    }
    let sum = 0;
    for (const [key, p] of jointByAnswer) {
      const [env, a] = key.split('|');
      sum += p * Math.log2(p / (pEnv.get(Number(env))! * byAnswer.get(a)!));
    }
    return sum;
  };
  const publicBits = information(joint, (r) => r.split(':')[0]);
  let bits = 0;
  const supportPerResponse = new Map<string, number>();
  for (const [key, p] of joint) {
    const [env, r] = key.split('|');
    bits += p * Math.log2(p / (pEnv.get(Number(env))! * pResp.get(r)!));
    supportPerResponse.set(r, (supportPerResponse.get(r) ?? 0) + 1);
  }
  let expectedSolutionsLeft = 0;
  for (const [r, p] of pResp) expectedSolutionsLeft += p * supportPerResponse.get(r)!;
  const largest = new Map<string, number>();
  for (const [key, p] of joint) {
    const r = key.split('|')[1];
    largest.set(r, Math.max(largest.get(r) ?? 0, p));
  }
  const rightAfterResponse = [...largest.values()].reduce((a, b) => a + b, 0);
  const correctedBits = bits - (joint.size - pEnv.size - pResp.size + 1) / (2 * n * Math.LN2);
  return { bits, pNoRefutation: pResp.get('nobody') ?? 0, expectedSolutionsLeft, rightAfterResponse, publicBits, correctedBits };
}
