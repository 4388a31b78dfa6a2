// Response factors: the likelihood of what the observer was shown, which weighs the deals of the
// next build. A factor (cards, owner, w) multiplies a deal's weight by w[n], n the number of
// `cards` (at most two) that `owner` holds. The host adds them before build(); the build takes
// them (as soft constraints, see preprocess.ts) and clears them.
import { MAX_RESPONSE_FACTORS } from '../layout';

export let nFactors: i32 = 0;
export const factorCards = new StaticArray<u32>(MAX_RESPONSE_FACTORS);
export const factorOwner = new StaticArray<i32>(MAX_RESPONSE_FACTORS);
/** Per factor, its weights when the owner holds 0, 1 or 2 of its cards. */
export const factorWeights = new StaticArray<f64>(MAX_RESPONSE_FACTORS * 3);

/** Adds a factor for the next build; false when MAX_RESPONSE_FACTORS are there or `cards` has more than two cards. */
export function addResponseFactor(cards: u32, owner: i32, w0: f64, w1: f64, w2: f64): bool {
  if (nFactors >= MAX_RESPONSE_FACTORS || popcnt<u32>(cards) > 2) return false;
  unchecked(factorCards[nFactors] = cards);
  unchecked(factorOwner[nFactors] = owner);
  unchecked(factorWeights[nFactors * 3] = w0);
  unchecked(factorWeights[nFactors * 3 + 1] = w1);
  unchecked(factorWeights[nFactors * 3 + 2] = w2);
  nFactors++;
  return true;
}

/** Forgets the factors: a build has taken them. */
export function clearResponseFactors(): void {
  nFactors = 0;
}
