// What a game is played with (GameSpec), and the deal: the first chance outcome of every game, and
// in the card game the only one (on a board, the dice are the others).
import type { Deck } from '../../model/deck.js';
import type { Random } from '../../model/random.js';
import { defaultHandSizes } from '../../model/game.js';
import type { BoardRules } from '../board/movement.js';
import type { Rules } from '../../model/rules.js';

export interface GameSpec {
  deck: Deck;
  players: string[];
  /** Default: as even as possible, earlier seats taking the extras. */
  handSizes?: number[];
  /** Number of cards laid face up (taken from the shuffled deck before dealing). Default 0. */
  faceUpCount?: number;
  /** The game ends unsolved after this many turns. */
  maxTurns: number;
  /** The rule variants (model/rules.ts). Default: the standard rules. */
  rules?: Rules;
  /** When a turn that ends without an accusation is announced by an `endmove` event. Default 'never'. */
  endmove?: EndmoveRule;
  /** Play on the classic board under these rules (docs/board.md §4.1, §6); absent: the card game. */
  board?: BoardRules;
  /**
   * The end of the thesis's experiment (its unity.pl): this seat wins, and the game is over, as
   * soon as it suggests exactly the envelope. Unset: only a right accusation wins.
   */
  finder?: number;
}

/**
 * When the rules announce that a seat ended its turn without accusing (a public `endmove`: "it does
 * not know the envelope", docs/epistemic-semantics.md §5.6, D7): never; only after a turn whose
 * suggestion nobody could answer; or after every such turn. The announcement is true only when
 * every player accuses as soon as it knows the envelope.
 */
export type EndmoveRule = 'never' | 'unanswered' | 'always';

export const ENDMOVE_RULES: readonly EndmoveRule[] = ['never', 'unanswered', 'always'];

export interface Deal {
  /** Per seat, the mask of the cards it holds. */
  hands: number[];
  /** One card per category, in category order. */
  envelope: number[];
  /** The face-up cards, in increasing order. */
  faceUp: number[];
}

export function handSizesOf(spec: GameSpec): number[] {
  const { deck } = spec;
  return spec.handSizes ?? defaultHandSizes(deck.cards.length - deck.categories.length - (spec.faceUpCount ?? 0), spec.players.length);
}

/** A uniformly random deal: one envelope card per category, the face-up cards, then the hands. */
export function dealCards(deck: Deck, handSizes: number[], faceUpCount: number, rng: Random): Deal {
  const envelope = deck.categories.map((_, g) => rng.pick(deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g)));
  const rest = rng.shuffle(deck.cards.map((_, c) => c).filter((c) => !envelope.includes(c)));
  const faceUp = rest.splice(0, faceUpCount).sort((a, b) => a - b);
  let next = 0;
  const hands = handSizes.map((size) => {
    let mask = 0;
    for (let k = 0; k < size; k++) mask |= 1 << rest[next++];
    return mask >>> 0;
  });
  return { hands, envelope, faceUp };
}

/** The deal of a game of `spec`, drawn from `rng`. */
export function randomDeal(spec: GameSpec, rng: Random): Deal {
  return dealCards(spec.deck, handSizesOf(spec), spec.faceUpCount ?? 0, rng);
}
