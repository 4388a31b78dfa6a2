// The opponents of the thesis's experiment (its unity.pl, Appendix G): scripted players that
// cannot win. Each asks what its `selecter` draws: `selecter(Q,T1,[W,X,Y]) :- W=s(A,B,C),
// winstates(WS), run2(L2,[A,B,C],WS), random_select(Q,L2,L)`, uniform over the winstates left
// once run2 has removed those naming the envelope's cards. But run2 skips the head of its list
// (`run2(L1,[H|T],WS) :- run1(L1,T,WS)`, made for a hand, whose head is the player's number), so
// only the envelope's weapon and room are removed: an opponent never names them, and may name the
// envelope's suspect or its own cards. It answers with the first named card of its hand (choice1)
// and never accuses. Being scripted on the deal, it is the one seat created with the envelope.
import type { Random } from '../model/random.js';
import { cardsOfMask } from '../model/bits.js';
import type { SyncAgent } from '../game/agent.js';
import { refutationPolicy } from './refutations.js';

export const THESIS_OPPONENT = 'thesis-opponent';

export function thesisOpponent(envelope: readonly number[], rng: Random): SyncAgent {
  return {
    label: THESIS_OPPONENT,
    // Uniform over a product of per-category sets is one uniform draw per category.
    suggest: (view) => view.deck.categoryMasks.map((mask, g) => rng.pick(cardsOfMask(mask).filter((c) => g === 0 || c !== envelope[g]))),
    refute: refutationPolicy('first', rng),
    decide: () => ({ certain: false, accusation: null }),
  };
}
